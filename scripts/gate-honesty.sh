#!/usr/bin/env bash
# Whether the CI gates of the guide (BenchmarkingYourOwnFeature in the documentation) cry wolf: an
# A/A series of unchanged code through the guide's exact commands, then a deliberate slowdown (200
# dependent square roots a sample in the `filtered` variant's tap test), which must fail. It works on
# a copy of Examples/TapTilt (a user's package depending on this checkout by path) built in release.
#
#   scripts/gate-honesty.sh                                  every recipe, 20 candidates each
#   scripts/gate-honesty.sh --recipes counted,ab --runs 30 --keep /tmp/gate-honesty
#
# Options:
#   --runs N          A/A comparisons per recipe (default 20)
#   --recipes R,…     which gates to try (default counted,ab,quick,timed):
#                       counted  the guide's gate: `run` in virtual time, 5 repetitions, instructions
#                                counted, then `compare --baseline ci`
#                       ab       the guide's gate for time: `ab` of two builds in turn, 30 rounds
#                       quick    `run --all --quick` once, then `compare`: the default path, which must
#                                never fail on noise (and cannot gate on time)
#                       timed    `run` in virtual time, 5 repetitions, no instructions, then `compare`:
#                                not the guide's, measured to show why (see the guide)
#   --keep DIR        work in DIR and keep it (the package copy, its builds, every run and comparison);
#                     a second call with the same DIR reuses the builds
#
# For each `compare` recipe: one baseline run saved with `baseline save ci`, N candidate runs each
# compared with `compare --baseline ci`, and one candidate of the slowed build; for `ab`, N runs of
# the unchanged build against itself and one against the slowed build. Prints, per recipe, how many
# of the N exited 2 (false alarms), which figures they named, and the slowed build's exit code and
# what regressed. Exit 0 when counted, ab and quick gave no false alarm and counted and ab failed the
# slowed build; 1 otherwise; 64 on a bad command line.
set -euo pipefail

runs=20 recipes=counted,ab,quick,timed keep=''
# shellcheck source-path=SCRIPTDIR
source "$(dirname "$0")/lib/options.sh"
read_options "runs recipes keep" "$@"
[[ "$runs" =~ ^[0-9]+$ && "$runs" -gt 0 ]] || { echo "gate-honesty.sh: --runs: '$runs' is not a count" >&2; exit 64; }
IFS=, read -r -a recipe_list <<< "$recipes"
for recipe in "${recipe_list[@]}"; do
    case "$recipe" in counted|ab|quick|timed) ;; *) echo "gate-honesty.sh: --recipes: unknown recipe '$recipe'" >&2; exit 64 ;; esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
use_work_folder "$keep"

# The run arguments of each recipe, as the guide gives them.
arguments() {
    case "$1" in
        counted) echo "--all --mode virtual --samples 20000 --repetitions 5 --counter instructions" ;;
        ab) echo "tap-tilt --mode virtual --samples 20000 --rounds 30" ;;
        quick) echo "--all --quick" ;;
        timed) echo "--all --mode virtual --samples 20000 --repetitions 5" ;;
    esac
}

# A copy of the example that depends on this checkout by its absolute path.
package=$work/TapTilt
if [[ ! -d "$package" ]]; then
    mkdir -p "$package"
    cp -R "$root/Examples/TapTilt/Package.swift" "$root/Examples/TapTilt/Sources" "$root/Examples/TapTilt/Tests" "$package/"
    sed -i "s|path: \"../..\"|path: \"$root\"|" "$package/Package.swift"
fi
detector=$package/Sources/TapTilt/TapTiltDetector.swift
cp "$root/Examples/TapTilt/Sources/TapTilt/TapTiltDetector.swift" "$detector"
# Each build is kept under its own name: `ab` needs both at once.
bench=$work/tap-tilt-bench-unchanged

build() {
    echo "gate-honesty.sh: building tap-tilt-bench in release ($1)" >&2
    (cd "$package" && swift build -c release --product tap-tilt-bench > "$work/build-$1.log" 2>&1) \
        || { echo "gate-honesty.sh: the build failed; see $work/build-$1.log" >&2; exit 1; }
    cp "$package/.build/release/tap-tilt-bench" "$work/tap-tilt-bench-$1"
}

# One recipe's run of `build` into results/NAME.
run() {
    local recipe=$1 name=$2 build=$3
    # shellcheck disable=SC2046
    (cd "$package/$recipe" && "$build" run $(arguments "$recipe") --out "results/$name" --quiet > /dev/null)
}
# Its verdict on results/NAME: `compare` with the baseline, or for `ab` the unchanged build against
# `build`. The exit code goes to results/NAME.status, the Markdown to results/NAME.md.
verdict() {
    local recipe=$1 name=$2 build=$3 status=0
    if [[ $recipe == ab ]]; then
        # shellcheck disable=SC2046
        (cd "$package/$recipe" && "$bench" ab "$bench" "$build" $(arguments ab) > "results/$name.md" 2> "results/$name.stderr") || status=$?
    else
        (cd "$package/$recipe" && "$build" compare --baseline ci "results/$name" > "results/$name.md" 2> "results/$name.stderr") || status=$?
    fi
    echo "$status" > "$package/$recipe/results/$name.status"
    [[ $status -eq 0 || $status -eq 2 || $status -eq 3 ]] \
        || { echo "gate-honesty.sh: $recipe failed (exit $status) for $name:" >&2; cat "$package/$recipe/results/$name.stderr" >&2; exit 1; }
}

[[ -x "$bench" ]] || build unchanged
started=$(date +%s)
for recipe in "${recipe_list[@]}"; do
    rm -rf "${package:?}/$recipe"
    mkdir -p "$package/$recipe/results"
    if [[ $recipe != ab ]]; then
        echo "gate-honesty.sh: $recipe: the baseline" >&2
        run "$recipe" ci "$bench"
        (cd "$package/$recipe" && "$bench" baseline save ci results/ci > results/baseline-save.txt)
    fi
    for index in $(seq 1 "$runs"); do
        echo "gate-honesty.sh: $recipe: A/A $index of $runs (unchanged code)" >&2
        [[ $recipe == ab ]] || run "$recipe" "aa-$index" "$bench"
        verdict "$recipe" "aa-$index" "$bench"
    done
done

# The slowdown: 200 dependent square roots in every tap test of the filtered variant.
python3 - "$detector" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
old = """            let jolt = acceleration - gravity
            return (jolt * jolt).sum().squareRoot() > settings.tapThreshold"""
new = """            let jolt = acceleration - gravity
            var slow = (jolt * jolt).sum()
            for _ in 0..<200 { slow = (slow + 1).squareRoot() }
            return (jolt * jolt).sum().squareRoot() + (slow - slow) > settings.tapThreshold"""
assert old in text, "the detector's tap test is not where the script expects it"
open(path, "w").write(text.replace(old, new))
PY
build slowed
cp "$root/Examples/TapTilt/Sources/TapTilt/TapTiltDetector.swift" "$detector"
for recipe in "${recipe_list[@]}"; do
    echo "gate-honesty.sh: $recipe: the slowed build" >&2
    [[ $recipe == ab ]] || run "$recipe" slowed "$work/tap-tilt-bench-slowed"
    verdict "$recipe" slowed "$work/tap-tilt-bench-slowed"
done

# The figures a comparison's "Regressed" list names, one `case metric (change, p);` each.
regressed() {
    awk '/^\*\*Regressed:\*\*/ { on = 1; next }
        on && /^- `/ {
            sub(/^- `/, ""); sub(/`/, ""); change = ""
            if (match($0, /\([^()]*\)$/)) change = " " substr($0, RSTART)
            sub(/:.*/, ""); printf "%s%s; ", $0, change; next
        }
        on && NF { on = 0 }' "$1"
}

failed=0
echo "gate honesty: Examples/TapTilt through the guide's commands, $runs A/A comparisons a recipe, $(( $(date +%s) - started )) s"
echo "| recipe | arguments | false alarms (exit 2) | figures that alarmed | slowed build: exit | slowed build: what regressed |"
echo "|---|---|---:|---|---:|---|"
for recipe in "${recipe_list[@]}"; do
    results=$package/$recipe/results
    alarms=0 named=""
    for index in $(seq 1 "$runs"); do
        if [[ $(cat "$results/aa-$index.status") == 2 ]]; then
            alarms=$((alarms + 1))
            named+=$(regressed "$results/aa-$index.md")
        fi
    done
    slowed=$(cat "$results/slowed.status")
    echo "| $recipe | \`$(arguments "$recipe")\` | $alarms of $runs | ${named:-—} | $slowed | $(regressed "$results/slowed.md") |"
    case $recipe in
        counted|ab) [[ $alarms -eq 0 && $slowed == 2 ]] || failed=1 ;;
        quick) [[ $alarms -eq 0 ]] || failed=1 ;;
    esac
done
for recipe in "${recipe_list[@]}"; do
    if [[ -f "$package/$recipe/results/baseline-save.txt" ]]; then echo "$recipe: $(tail -n 1 "$package/$recipe/results/baseline-save.txt")"; fi
done
exit $failed
