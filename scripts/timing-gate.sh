#!/usr/bin/env bash
# Whether the guide's gate on timings alone (where valgrind cannot count instructions: `run` in
# virtual time with 5 repetitions, then `compare --baseline`) sees a small feature's regression and
# never fails unchanged code. The feature is the tests' catalogue's `burner` at `--param rounds=R`
# (1 by default: a few nanoseconds a sample with the harness's part); the slower build is the same
# binary with MOTIONBENCH_FIXTURE_EXTRA_WORK more rounds a sample, as `ab-honesty.sh` does.
#
#   scripts/timing-gate.sh                                     the figures on the Results page
#   scripts/timing-gate.sh --runs 20 --slowed 10 --extra 3 --binary .build/release/motionbench-fixture
#
# Options:
#   --runs N           A/A comparisons of unchanged code (default 12)
#   --slowed N         comparisons of the slower build (default 5)
#   --rounds R         the feature's rounds of arithmetic a sample (default 1)
#   --extra N          the slower build's extra rounds a sample (default 6: about half again the
#                      feature's figure, harness included, where a round costs about a nanosecond)
#   --samples N        virtual-time samples per case (default 20000)
#   --binary PATH      the fixture executable, a relative PATH from the package's root (default:
#                      build .build/release/motionbench-fixture)
#   --keep DIR         work in DIR and keep every run and comparison (default: a temporary folder)
#
# One baseline run saved with `baseline save ci`, then N runs of unchanged code and N of the slower
# build, each compared with `compare --baseline ci`. Prints the baseline's cost, each comparison's
# CPU ns/sample verdict (change, p, resolution) and how many exited 2. Exit 0 when no A/A comparison
# and every slowed one exited 2; 1 otherwise; 64 on a bad command line.
set -euo pipefail

runs=12 slowed=5 rounds=1 extra=6 samples=20000 binary='' keep=''
# shellcheck source-path=SCRIPTDIR
source "$(dirname "$0")/lib/options.sh"
read_options "runs slowed rounds extra samples binary keep" "$@"
for number in "$runs" "$slowed" "$rounds" "$extra" "$samples"; do
    [[ "$number" =~ ^[0-9]+$ ]] || { echo "timing-gate.sh: '$number' is not a count" >&2; exit 64; }
done

use_work_folder "$keep"
cd "$(dirname "$0")/.."
use_motionbench_binary motionbench-fixture
cd "$work"
rm -rf results
arguments=(run burner --param "rounds=$rounds" --mode virtual --samples "$samples" --repetitions 5 --quiet)

"$binary" "${arguments[@]}" --out results/ci > /dev/null
"$binary" baseline save ci results/ci > /dev/null

# One comparison: its exit code and the CPU ns/sample row's change, p, resolution and verdict.
compare() {
    local name=$1 status=0
    "$binary" compare --baseline ci "results/$name" --csv "results/$name.csv" > "results/$name.md" 2>&1 || status=$?
    [[ $status -eq 0 || $status -eq 2 ]] || { echo "timing-gate.sh: compare exited $status for $name" >&2; cat "results/$name.md" >&2; exit 1; }
    # The csv module, not awk -F,: not_gated_because is quoted free text that may hold commas.
    python3 -c '
import csv, sys
name, status, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(path, newline="", encoding="utf-8") as file:
    for row in csv.DictReader(file):
        if row["metric"] == "cpu_ns_per_sample":
            print("%-10s exit %d  %s → %s ns (%s %%), p = %s, resolution ±%s ns: %s" % (name, status, row["baseline"],
                  row["candidate"], row["change_pct"], row["p_value"], row["resolution"], row["verdict"]))
' "$name" "$status" "results/$name.csv"
    return "$status"
}

false_alarms=0 caught=0
for index in $(seq 1 "$runs"); do
    "$binary" "${arguments[@]}" --out "results/aa-$index" > /dev/null
    compare "aa-$index" || false_alarms=$((false_alarms + 1))
done
for index in $(seq 1 "$slowed"); do
    MOTIONBENCH_FIXTURE_EXTRA_WORK=$extra "$binary" "${arguments[@]}" --out "results/slowed-$index" > /dev/null
    compare "slowed-$index" || caught=$((caught + 1))
done
echo "unchanged code: $false_alarms of $runs comparisons failed (exit 2)"
echo "$extra more round(s) a sample: $caught of $slowed comparisons failed (exit 2)"
[[ $false_alarms -eq 0 && $caught -eq $slowed ]]
