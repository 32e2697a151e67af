#!/usr/bin/env bash
# Deterministic mode: instructions per sample tick of virtual-time cases, counted by valgrind's
# callgrind, figures that do not move with the machine's noise (see docs/deterministic-mode.md).
#
#   scripts/callgrind.sh                      the CI set: accelerometer low-pass, heading mahony,
#                                             pedometer, motion-cube shapes=10
#   scripts/callgrind.sh 'heading --filter madgwick' 'accelerometer --rate 100 --filter butterworth'
#                                             cases, each the arguments of one `motionbench run` case
#   scripts/callgrind.sh --all                every virtual-time case of `run --all`
#
# Options:
#   --samples N   sample ticks of the longer of the two runs per case (default 8192, at least 512);
#                 with --all, cases dearer than ~25 µs a tick get fewer (down to 512)
#   --repeat K    measure every case K times and report the spread (default 1)
#   --jobs J      valgrind processes at once (default: the number of cores)
#   --out DIR     output folder (default results/callgrind-<UTC time>/)
#   --binary PATH a motionbench built with -Xcc -gdwarf-4 (default: build one in .build-callgrind)
#   --baseline F  compare with an earlier callgrind.csv (or a folder holding one), e.g. the committed
#                 results/baselines/callgrind/: a case whose count rose by more than --tolerance is a
#                 regression (exit 2); one the baseline lacks or counted over other ticks, exit 3
#   --tolerance P percent a count may rise before it is a regression (default 1)
#
# Writes DIR/callgrind.csv, DIR/callgrind.md, DIR/callgrind.json and DIR/raw/ (callgrind's profiles,
# readable with callgrind_annotate); prints the Markdown table. Exit codes: 0 ok, 1 a failure (a run,
# a missing symbol, nothing counted), 2 a regression against --baseline, 3 a case --baseline lacks,
# 64 a bad command line, 69 valgrind missing.
#
# What is counted: only the workload's per-sample work. Callgrind runs with collection off and
# --toggle-collect on the replay loop that feeds a virtual-time case (VirtualTimeCase.replay), so it
# counts every instruction executed inside that loop on the thread that runs it: the workload's
# handle(sample) and renderFrame calls and the loop itself; nothing of process start-up, source
# generation, the accuracy pass or the sampler thread (callgrind's collection state is per thread).
# The replay loop also runs the warm-up (256 ticks, on a throw-away instance), so every case runs
# twice, N/2 and N ticks, and the figure is the difference, (Ir(N) - Ir(N/2)) / (N - N/2), which
# cancels every fixed cost. The sampler is slowed to one reading per 1000 s (it still reads at the
# start and end of a case) so no wall-clock wake-up lands among the counted work, and Swift's
# hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING=1).
#
# A workload that computes on threads of its own lists functions in workload_functions below:
# "count F" toggles collection on F too (its worker's per-sample function, e.g. pedometer's
# PedometerEngine.process; F must not run inside the loop), "exclude F" subtracts F's inclusive count
# (a hand-off inside the loop whose cost depends on how valgrind interleaves the threads, e.g.
# PedometerChannel.push); the excluded instructions per sample are reported in a column of their own.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
ci_cases=("accelerometer --filter low-pass" "heading --filter mahony" "pedometer" "motion-cube --param shapes=10")

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
die() { echo "callgrind.sh: $*" >&2; exit 1; }
bad() { echo "callgrind.sh: $*" >&2; exit 64; }

samples=8192 repeat=1 jobs=$(nproc 2>/dev/null || echo 2) out="" binary="" all=0 cases=() baseline="" tolerance=1
while (($#)); do
    case $1 in
        --samples) samples=${2:?}; shift 2 ;;
        --repeat) repeat=${2:?}; shift 2 ;;
        --jobs) jobs=${2:?}; shift 2 ;;
        --out) out=${2:?}; shift 2 ;;
        --binary) binary=${2:?}; shift 2 ;;
        --baseline) baseline=${2:?}; shift 2 ;;
        --tolerance) tolerance=${2:?}; shift 2 ;;
        --all) all=1; shift ;;
        --ci) cases+=("${ci_cases[@]}"); shift ;;
        -h|--help) usage; exit 0 ;;
        -*) bad "unknown option $1 (see --help)" ;;
        *) cases+=("$1"); shift ;;
    esac
done
[[ $samples =~ ^[0-9]+$ ]] && ((samples >= 512)) || bad "--samples must be a whole number >= 512"
[[ $repeat =~ ^[0-9]+$ ]] && ((repeat >= 1)) || bad "--repeat must be a positive whole number"
[[ $jobs =~ ^[0-9]+$ ]] && ((jobs >= 1)) || bad "--jobs must be a positive whole number"
[[ $tolerance =~ ^[0-9]+([.][0-9]+)?$ ]] || bad "--tolerance must be a percentage, e.g. 1 or 0.5"
if [[ -n $baseline ]]; then
    [[ -d $baseline ]] && baseline=$baseline/callgrind.csv
    [[ -f $baseline ]] || bad "--baseline: no $baseline"
    baseline=$(cd "$(dirname "$baseline")" && pwd)/$(basename "$baseline")
fi
((all)) && ((${#cases[@]})) && bad "--all takes no cases"
((all)) || ((${#cases[@]})) || cases=("${ci_cases[@]}")

if ! command -v valgrind >/dev/null; then
    echo "callgrind.sh: valgrind is missing; install it with: apt-get update && apt-get install -y valgrind" >&2
    exit 69
fi

if [[ -z $binary ]]; then
    # DWARF 4: on a plain release build valgrind 3.19 gives up ("Possibly corrupted debuginfo file").
    build=(swift build -c release --product motionbench --scratch-path "$root/.build-callgrind" -Xcc -gdwarf-4)
    echo "== ${build[*]}" >&2
    (cd "$root" && "${build[@]}" >&2)
    binary="$(cd "$root" && "${build[@]}" --show-bin-path)/motionbench"
fi
[[ -x $binary ]] || die "$binary is not an executable"

out=${out:-$root/results/callgrind-$(date -u +%Y-%m-%dT%H-%M-%SZ)}
mkdir -p "$out/raw"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# --- symbols: demangled names to the mangled ones callgrind knows functions by
nm --defined-only "$binary" | awk '$2 ~ /^[tT]$/ { print $3 }' > "$work/mangled"
swift demangle < "$work/mangled" > "$work/demangled"
paste "$work/mangled" "$work/demangled" > "$work/symbols"

# The mangled names of the function NAME (the demangled text up to its argument list, e.g.
# "static MotionBench.VirtualTimeCase.replay("): its specializations if the compiler made any (the
# callers call those), else the function itself; never thunks or partial-apply forwarders.
resolve() {
    local name=$1 found
    found=$(awk -F'\t' -v n="$name" '
        index($2, "function signature specialization <") == 1 || index($2, "generic specialization <") == 1 {
            p = index($2, "> of "); if (p && index(substr($2, p + 5), n) == 1) print $1 }' "$work/symbols")
    [[ -n $found ]] || found=$(awk -F'\t' -v n="$name" 'index($2, n) == 1 { print $1 }' "$work/symbols")
    [[ -n $found ]] || die "no symbol for '$name' in $binary (inlined or renamed? see docs/deterministic-mode.md)"
    echo "$found"
}

# Functions of workloads that compute on threads of their own: "count F" toggles collection on F as
# well (a worker's per-sample function: counted on the worker's thread; it must not be called inside
# the replay loop, where a toggle would turn collection off), "exclude F" subtracts F's inclusive
# count (called inside the loop, with a cost that depends on how the threads interleave).
workload_functions() {
    case $1 in
        pedometer) printf '%s\n' "count MotionWorkloads.PedometerEngine.process(" "exclude MotionWorkloads.PedometerChannel.push(" ;;
    esac
}

replay_symbols=$(resolve "static MotionBench.VirtualTimeCase.replay(")

# --- the case list (for --all, the virtual-time cases of run --all, with their native cost)
declare -a case_args case_samples
if ((all)); then
    echo "== planning: run --all --mode virtual --samples 512 (natively)" >&2
    "$binary" run --all --mode virtual --samples 512 --out "$work/plan" --quiet > /dev/null
    while IFS=, read -r workload rate filter params cpu_ns; do
        args="$workload --rate $rate --filter $filter"
        IFS=';' read -ra kvs <<< "$params"
        for kv in "${kvs[@]}"; do args+=" --param $kv"; done
        n=$(awk -v s="$samples" -v c="$cpu_ns" 'BEGIN { n = (c > 0) ? int(2e8 / c) : s; if (n > s) n = s; if (n < 512) n = 512; print n - n % 2 }')
        case_args+=("$args"); case_samples+=("$n")
    done < <(awk -F, 'NR == 1 { for (c = 1; c <= NF; c++) col[$c] = c; next }
        $col["mode"] == "virtual" { print $col["workload"] "," $col["rate_hz"] "," $col["filter"] "," $col["params"] "," $col["cpu_ns_per_sample"] }' "$work/plan/summary.csv")
else
    for c in "${cases[@]}"; do case_args+=("$c"); case_samples+=("$samples"); done
fi

# The inclusive Ir of functions (mangled names) in a callgrind profile: the cost lines of their own
# blocks, each call's inclusive cost among them (the line after a calls= line). Read from the profile
# itself: callgrind_annotate's per-file entries of a function with inlined code overlap.
inclusive() { # profile symbol...
    local profile=$1; shift
    awk -v target="$*" '
        function fname(s,   id, rest) {
            if (match(s, /^\([0-9]+\)/)) {
                id = substr(s, 2, RLENGTH - 2); rest = substr(s, RLENGTH + 2)
                if (rest != "") names[id] = rest
                return names[id]
            }
            return s
        }
        BEGIN { n = split(target, t, " "); for (i = 1; i <= n; i++) want[t[i]] = 1 }
        /^fn=/ { f = fname(substr($0, 4)); sub(/\047[0-9]+$/, "", f); on = (f in want); next }
        /^cfn=/ { fname(substr($0, 5)); next }
        /^[0-9+*-]/ { if (on) s += $2; next }
        END { printf "%d\n", s }' "$profile"
}

# --- measuring: one valgrind process per (case, repetition, length), $jobs at a time
measure() { # index repetition ticks
    local i=$1 r=$2 n=$3 name="case$1-rep$2-n$3" toggles=() excluded=() sym kind fn syms total minus
    local words=(${case_args[$i]})
    for sym in $replay_symbols; do toggles+=("--toggle-collect=$sym"); done
    while read -r kind fn; do
        [[ -n $fn ]] || continue
        syms=$(resolve "$fn") || exit 1
        for sym in $syms; do
            if [[ $kind == count ]]; then toggles+=("--toggle-collect=$sym"); else excluded+=("$sym"); fi
        done
    done < <(workload_functions "${words[0]}")
    if ! SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no "${toggles[@]}" \
        --callgrind-out-file="$out/raw/$name.callgrind" \
        "$binary" run "${words[@]}" --mode virtual --samples "$n" --sampler-rate 0.001 \
        --out "$work/$name" --quiet > "$work/$name.log" 2>&1; then
        cat "$work/$name.log" >&2
        die "valgrind failed on '${case_args[$i]}' ($n ticks)"
    fi
    total=$(awk '/^totals:/ { print $2 }' "$out/raw/$name.callgrind")
    minus=0
    ((${#excluded[@]} == 0)) || minus=$(inclusive "$out/raw/$name.callgrind" "${excluded[@]}")
    echo "$((total - minus)) $minus" > "$work/$name.ir"
}

start=$(date +%s)
pending=0
for i in "${!case_args[@]}"; do
    n=${case_samples[$i]}
    for ((r = 1; r <= repeat; r++)); do
        for len in $((n / 2)) "$n"; do
            if ((pending >= jobs)); then wait -n || die "a measurement failed"; pending=$((pending - 1)); fi
            echo "-- ${case_args[$i]}: $len ticks (repetition $r)" >&2
            measure "$i" "$r" "$len" &
            pending=$((pending + 1))
        done
    done
done
while ((pending > 0)); do wait -n || die "a measurement failed"; pending=$((pending - 1)); done
elapsed=$(($(date +%s) - start))

# --- results
csv=$out/callgrind.csv md=$out/callgrind.md json=$out/callgrind.json
echo "workload,rate_hz,filter,params,samples_short,samples_long,ir_short,ir_long,instructions_per_sample,excluded_per_sample,repetitions,spread_pct" > "$csv"
{
    if [[ -n $baseline ]]; then
        echo "| Workload | Rate (Hz) | Filter | Params | Ticks | Instructions per sample | Spread over $repeat run(s) | Left out per sample | Baseline | Change | Verdict |"
        echo "|---|---:|---|---|---:|---:|---:|---:|---:|---:|---|"
    else
        echo "| Workload | Rate (Hz) | Filter | Params | Ticks | Instructions per sample | Spread over $repeat run(s) | Left out per sample |"
        echo "|---|---:|---|---|---:|---:|---:|---:|"
    fi
} > "$md"
entries=() regressions=0 improvements=0 unmatched=0
for i in "${!case_args[@]}"; do
    n=${case_samples[$i]} h=$((case_samples[$i] / 2))
    row=$(awk -F, '$5 == "virtual"' "$work/case$i-rep1-n$n/summary.csv")
    [[ $(printf '%s\n' "$row" | wc -l) -eq 1 && -n $row ]] || die "'${case_args[$i]}' is not exactly one virtual-time case"
    IFS=, read -r workload rate filter params _ <<< "$row"
    per=() irs="" excl=""
    for ((r = 1; r <= repeat; r++)); do
        read -r a xa < "$work/case$i-rep$r-n$h.ir"
        read -r b xb < "$work/case$i-rep$r-n$n.ir"
        [[ -n $a && -n $b ]] && ((b > a)) || die "nothing counted for '${case_args[$i]}' (Ir $a, $b): is the replay loop inlined?"
        per+=("$(awk -v a="$a" -v b="$b" -v n="$n" -v h="$h" 'BEGIN { printf "%.6f", (b - a) / (n - h) }')")
        irs+="${irs:+, }[$a, $b]"
        [[ -n $excl ]] || excl=$(awk -v a="$xa" -v b="$xb" -v n="$n" -v h="$h" 'BEGIN { printf "%.1f", (b - a) / (n - h) }')
    done
    # Median over repetitions; spread = (max - min) / median.
    read -r median spread < <(printf '%s\n' "${per[@]}" | sort -g | awk '{ v[NR] = $1 } END {
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.6f %.6f\n", m, (v[NR] - v[1]) / m * 100 }')
    echo "$workload,$rate,$filter,$params,$h,$n,$a,$b,$median,$excl,$repeat,$spread" >> "$csv"
    left="-"; [[ $excl == 0.0 ]] || left=$excl
    shown="-"; ((repeat == 1)) || shown="$(printf '%.5f' "$spread") %"
    line="| $workload | $rate | $filter | ${params:--} | $h → $n | $(printf '%.1f' "$median") | $shown | $left |"
    if [[ -n $baseline ]]; then
        # The baseline's count for the same case over the same ticks; verdict on the relative change.
        read -r base base_n < <(awk -F, -v k="$workload,$rate,$filter,$params" 'NR > 1 && $1 "," $2 "," $3 "," $4 == k { print $9, $6; exit }' "$baseline") || true
        if [[ -z ${base:-} ]]; then
            line+=" - | - | not in the baseline |"; unmatched=$((unmatched + 1))
        elif [[ $base_n != "$n" ]]; then
            line+=" $(printf '%.1f' "$base") | - | not comparable: the baseline ran $((base_n / 2)) → $base_n ticks |"; unmatched=$((unmatched + 1))
        else
            read -r change verdict < <(awk -v m="$median" -v b="$base" -v t="$tolerance" 'BEGIN {
                c = (m / b - 1) * 100; printf "%+.3f %s\n", c, (c > t ? "regression" : (c < -t ? "improvement" : "same")) }')
            line+=" $(printf '%.1f' "$base") | $change % | $verdict |"
            [[ $verdict == regression ]] && regressions=$((regressions + 1))
            [[ $verdict == improvement ]] && improvements=$((improvements + 1))
        fi
        base=""
    fi
    echo "$line" >> "$md"
    entries+=("    {\"workload\": \"$workload\", \"rate_hz\": $rate, \"filter\": \"$filter\", \"params\": \"$params\", \"arguments\": \"${case_args[$i]}\", \"samples\": [$h, $n], \"ir\": [$irs], \"instructions_per_sample\": $median, \"instructions_per_sample_runs\": [$(IFS=,; echo "${per[*]}")], \"spread_pct\": $( ((repeat == 1)) && echo null || echo "$spread"), \"excluded_per_sample\": $excl}")
done
{
    echo "{"
    echo "  \"schema\": \"motionbench-callgrind/1\","
    echo "  \"date\": \"$(date -u +%Y-%m-%dT%H:%M:%SZ)\","
    echo "  \"method\": \"callgrind Ir inside VirtualTimeCase.replay and workers' listed functions, less excluded hand-offs: (Ir(N) - Ir(N/2)) / (N - N/2)\","
    echo "  \"valgrind\": \"$(valgrind --version)\","
    echo "  \"swift\": \"$(swift --version 2>/dev/null | head -n 1 | sed 's/"/\\"/g')\","
    echo "  \"host\": \"$(uname -srm)\","
    echo "  \"cpu\": \"$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null | sed 's/"/\\"/g')\","
    echo "  \"commit\": \"$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet HEAD -- Sources Package.swift 2>/dev/null || echo -dirty)\","
    echo "  \"elapsed_s\": $elapsed,"
    echo "  \"cases\": ["
    (IFS=$'\n'; echo "${entries[*]}" | sed '$!s/$/,/')
    echo "  ]"
    echo "}"
} > "$json"

if [[ -n $baseline ]]; then
    printf '\nCases: %s, against %s: %s regressed, %s improved, %s not in it (tolerance %s %%).\n' \
        "${#case_args[@]}" "$baseline" "$regressions" "$improvements" "$unmatched" "$tolerance" >> "$md"
fi
cat "$md"
echo "Wrote $out/: callgrind.csv, callgrind.md, callgrind.json, raw/ ($elapsed s)" >&2
((regressions == 0)) || exit 2
((unmatched == 0)) || exit 3
