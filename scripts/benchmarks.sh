#!/usr/bin/env bash
# Runs the per-sample micro-benchmarks (package-benchmark) in Benchmarks/: cost and allocations per
# sample of every workload, filter and the probe, and checks them against the p90 thresholds checked
# in under Benchmarks/Thresholds/.
#
#   scripts/benchmarks.sh [ARGS…]            run them; ARGS go to `swift package benchmark`,
#                                            e.g. scripts/benchmarks.sh --filter 'accelerometer.*'
#   scripts/benchmarks.sh check [ARGS…]      run them and check every p90 against Thresholds/: exit 0
#                                            when none is worse (better ones are listed, not failed),
#                                            2 when one is worse, 1 on another failure
#   scripts/benchmarks.sh update-thresholds [--runs K] [ARGS…]
#                                            rerecord Thresholds/: each metric's worst p90 over K runs
#                                            (default 3); with --filter, only the matching files
#
# Checked: wall time (p90 per iteration) and malloc counts, with the tolerances in
# Benchmarks/Benchmarks/Kernels/Kernels.swift (perSampleThresholds): mallocs exactly, wall time within
# 2× of the recorded p90 (the worst of the runs). Throughput is not recorded: it restates wall time;
# nor the wall time of the pedometer's hand-off to its worker (see `untimed` below). A release build of
# Benchmarks takes 3–7 minutes from clean; a run of every benchmark about 4.
#
# Thresholds/ holds the files as `thresholds update` writes them (spaces and slashes in a benchmark's
# name turned into underscores), but package-benchmark 1.38 looks them up under the raw name
# (https://github.com/ordo-one/package-benchmark/issues/301), so `check` copies them to the raw names in a scratch folder first.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
benchmark=(swift package --allow-writing-to-package-directory benchmark)

# "target<TAB>name" for every benchmark `benchmark list` shows (it builds them first).
list_benchmarks() {
    local out
    out=$("${benchmark[@]}" list "$@" 2>&1) || { echo "$out" | tail -n 30 >&2; return 1; }
    echo "$out" | awk '
        /^Target .* available benchmarks:$/ { target = $2; gsub(/\047/, "", target); next }
        target != "" && NF == 0 { target = ""; next }
        target != "" { print target "\t" $0 }'
}

# Benchmarks whose wall time is not recorded (their mallocs are): the pedometer's hand-off to its
# worker thread, whose p90 moved tenfold between runs of the same code (0.65 to 6.5 ms per 1000
# samples), with the lock contention and wake-ups of two threads sharing two busy cores.
untimed='^Kernels[.]pedometer_handle_[(]main_side,_hand-off_to_the_worker[)][.]p90[.]json$'

# Per metric the worst (largest) p90 of the files given, as the plugin writes them (sorted keys,
# pretty-printed). Not throughput: it restates wall time, and its p90 swings far more. With
# --no-wall, not wall time either.
worst_p90() {
    local skip='"throughput"'
    [[ $1 == --no-wall ]] && { skip='"throughput"|"wallClock"'; shift; }
    awk -v skip="^($skip)\$" '
        match($0, /"[^"]+" : -?[0-9]+/) {
            split(substr($0, RSTART, RLENGTH), kv, " : "); key = kv[1]; value = kv[2] + 0
            if (key ~ skip) next
            if (!(key in worst)) { worst[key] = value; keys[++n] = key }
            else if (value > worst[key]) worst[key] = value
        }
        END {
            print "{"
            for (i = 1; i <= n; i++) printf "  %s : %d%s\n", keys[i], worst[keys[i]], (i < n ? "," : "")
            print "}"
        }' "$@"
}

shell_safe() { local s=${1//\//_}; echo "${s// /_}"; }

check() {
    local stage log status=0 target name file missing=0 found=0
    stage=$(mktemp -d) log=$(mktemp)
    trap 'rm -rf "$stage" "$log"' RETURN
    list_benchmarks "$@" > "$stage/list" || return 1
    while IFS=$'\t' read -r target name; do
        file="Thresholds/$target.$(shell_safe "$name").p90.json"
        if [[ -f $file ]]; then
            mkdir -p "$(dirname "$stage/$target.$name")"
            worst_p90 "$file" > "$stage/$target.$name.p90.json"
            found=$((found + 1))
        else
            echo "benchmarks.sh: no thresholds for $target: $name (scripts/benchmarks.sh update-thresholds)" >&2
            missing=$((missing + 1))
        fi
    done < "$stage/list"
    ((found > 0)) || { echo "benchmarks.sh: no thresholds found in Benchmarks/Thresholds/" >&2; return 1; }
    echo "Checking $found benchmarks against Benchmarks/Thresholds/ ($missing without thresholds)"
    "${benchmark[@]}" thresholds check --path "$stage" --no-progress "$@" 2>&1 | tee "$log" || status=$?
    if grep -q "is WORSE than the defined thresholds" "$log"; then
        echo "benchmarks.sh: a p90 is worse than its threshold (see above)" >&2
        return 2
    elif grep -q "is BETTER than the defined thresholds" "$log"; then
        echo "benchmarks.sh: no p90 is worse than its threshold; some are better (listed above): scripts/benchmarks.sh update-thresholds records them"
        return 0
    elif grep -q "is EQUAL to the defined thresholds" "$log"; then
        echo "benchmarks.sh: every p90 within its threshold"
        return 0
    fi
    echo "benchmarks.sh: the threshold check failed (status $status)" >&2
    return 1
}

update_thresholds() {
    local runs=3 work k filtered=0
    local args=()
    while (($#)); do
        case $1 in
            --runs) runs=${2:?}; shift 2 ;;
            --filter|--target|--skip|--skip-target) filtered=1; args+=("$1" "${2:?}"); shift 2 ;;
            *) args+=("$1"); shift ;;
        esac
    done
    [[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "benchmarks.sh: --runs takes a positive whole number" >&2; return 64; }
    work=$(mktemp -d)
    trap 'rm -rf "$work"' RETURN
    for ((k = 1; k <= runs; k++)); do
        echo "== run $k of $runs"
        mkdir "$work/$k"
        "${benchmark[@]}" thresholds update --path "$work/$k" --no-progress "${args[@]}" > "$work/$k.log" 2>&1 \
            || { cat "$work/$k.log" >&2; return 1; }
    done
    ((filtered)) || rm -f Thresholds/*.p90.json
    mkdir -p Thresholds
    for file in "$work"/1/*.p90.json; do
        name=$(basename "$file")
        if [[ $name =~ $untimed ]]; then
            worst_p90 --no-wall "$work"/*/"$name" > "Thresholds/$name"
        else
            worst_p90 "$work"/*/"$name" > "Thresholds/$name"
        fi
    done
    echo "Wrote $(ls "$work"/1/*.p90.json | wc -l) files to Benchmarks/Thresholds/ (worst p90 of $runs runs)"
}

case ${1:-} in
    check) shift; check "$@" ;;
    update-thresholds) shift; update_thresholds "$@" ;;
    *) exec "${benchmark[@]}" --no-progress "$@" ;;
esac
