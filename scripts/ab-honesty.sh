#!/usr/bin/env bash
# How honest `motionbench ab` is on this machine: how often it flags the same build against itself
# (the false-positive rate, target ≤ 5 %), and the smallest extra work per sample it reliably flags
# (the sensitivity). Both use the tests' own catalogue, `motionbench-fixture`, whose `burner`
# workload does 100 rounds of arithmetic a sample plus MOTIONBENCH_FIXTURE_EXTRA_WORK more: the
# candidate side gets it through `ab --candidate-env`, the same binary standing in for a slower build.
#
#   scripts/ab-honesty.sh                                      the figures in results/figures/40-gate-ab.md
#   scripts/ab-honesty.sh --aa-runs 30 --levels 1,2,5 --binary .build/release/motionbench-fixture
#
# Options:
#   --aa-runs N        A/A runs of `ab` (default 15), each over the four cases below
#   --runs N           `ab` runs per level of extra work (default 3)
#   --levels L,…       extra rounds per sample to try (default 2,5,10,20,50; the burner does 100)
#   --rounds N         `ab --rounds` (default 30)
#   --samples N        virtual-time samples per case and round (default 20000)
#   --binary PATH      the fixture executable (default: build .build/release/motionbench-fixture)
#   --out DIR          keep every run's JSON in DIR (default: a temporary folder, removed)
#
# Each `ab` runs `burner --rate 50,100,200,400 --mode virtual --samples N`: four cases of the same
# work per sample (the rate changes nothing in virtual time but the case's name), so one run gives
# four verdicts (not quite independent: a round's cases share its process). A case is flagged when its CPU ns/sample verdict is regressed or
# improved: the gate as `ab` applies it (both default tolerances, 10 % and 20 ns, and p < 0.05).
# Beside it the script reports how often the signed-rank test alone gives p < 0.05, which for the
# same build should be near 5 % if the test is honest (the tolerances then keep a gate quieter), and
# for each level the median shift `ab` estimated, in ns and %, and how often each rule flagged it.
# "Reliably detected" is flagged in every case of every run at that level. The test-alone column is
# what `ab --tolerance cpu_ns_per_sample=0%,0` would gate on.
#
# On the project's shared 2-core VM (release build, 2026-11-25, others' fuzzers and tests running;
# 300 s): A/A 0 of 60 cases flagged by the gate, 4 of 60 (6.7 %) at p < 0.05 by the test alone;
# 20 extra rounds (+41 ns, +18 %) flagged in 12 of 12, 10 (+21 ns, +9.4 %) in 1 of 12, under the
# 10 % tolerance; the test alone flagged 5 extra rounds (+10.5 ns, +4.8 %) in 12 of 12 and 2
# (+3.2 ns, +1.5 %) in 8 of 12.
#
# Exit 0 with the figures on stdout; 1 if a run failed; 64 on a bad command line.
set -euo pipefail

aa_runs=15 runs=3 levels=2,5,10,20,50 rounds=30 samples=20000 binary='' out=''
while [[ $# -gt 0 ]]; do
    case "$1" in
        --aa-runs) aa_runs=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --levels) levels=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --samples) samples=$2; shift 2 ;;
        --binary) binary=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        *) echo "ab-honesty.sh: unknown option '$1' (see the script's header)" >&2; exit 64 ;;
    esac
done
for number in "$aa_runs" "$runs" "$rounds" "$samples"; do
    [[ "$number" =~ ^[0-9]+$ && "$number" -gt 0 ]] || { echo "ab-honesty.sh: '$number' is not a count" >&2; exit 64; }
done

cd "$(dirname "$0")/.."
if [[ -z "$binary" ]]; then
    swift build -c release --product motionbench-fixture >&2
    binary=.build/release/motionbench-fixture
fi
[[ -x "$binary" ]] || { echo "ab-honesty.sh: --binary: '$binary' is not an executable" >&2; exit 64; }
if [[ -z "$out" ]]; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"

# shellcheck disable=SC2054  # --rate takes its rates as one comma-separated argument
case_arguments=(burner --rate 50,100,200,400 --mode virtual --samples "$samples" --rounds "$rounds")
started=$(date +%s)

# One `ab` run into $out/NAME.json; exit codes 0, 2 and 3 are verdicts, anything else a failure.
ab() {
    local name=$1; shift
    local status=0
    "$binary" ab "$binary" "$binary" "${case_arguments[@]}" --json "$out/$name.json" "$@" > /dev/null || status=$?
    if [[ $status -ne 0 && $status -ne 2 && $status -ne 3 ]]; then
        echo "ab-honesty.sh: ab failed (exit $status) for $name" >&2
        exit 1
    fi
}

for run in $(seq 1 "$aa_runs"); do
    echo "A/A run $run of $aa_runs" >&2
    ab "aa-$run"
done
IFS=, read -r -a level_list <<< "$levels"
for level in "${level_list[@]}"; do
    for run in $(seq 1 "$runs"); do
        echo "extra work $level, run $run of $runs" >&2
        ab "extra-$level-$run" --candidate-env "MOTIONBENCH_FIXTURE_EXTRA_WORK=$level"
    done
done

python3 - "$out" "$levels" "$rounds" "$samples" "$(( $(date +%s) - started ))" <<'PY'
import json, pathlib, statistics, sys
out, levels, rounds, samples, seconds = pathlib.Path(sys.argv[1]), sys.argv[2].split(","), sys.argv[3], sys.argv[4], sys.argv[5]

def rows(pattern):
    found = []
    for path in sorted(out.glob(pattern)):
        found += [row for row in json.loads(path.read_text())["rows"] if row["metric"] == "cpu_ns_per_sample"]
    return found

def share(count, total):
    return f"{count}/{total} ({100 * count / total:.1f} %)" if total else "0/0"

aa = rows("aa-*.json")
flagged = sum(row["verdict"] in ("regressed", "improved") for row in aa)
significant = sum(row["pValue"] is not None and row["pValue"] < 0.05 for row in aa)
baseline = statistics.median(row["baselineMedian"] for row in aa) if aa else float("nan")
print(f"ab honesty: {rounds} rounds a run, burner at 4 rates, {samples} virtual-time samples a case, {seconds} s in all")
print(f"baseline cost: {baseline:.0f} ns/sample (median over the A/A cases)")
print(f"A/A false positives, gate (tolerance 10 %, 20 ns and p < 0.05): {share(flagged, len(aa))}")
print(f"A/A false positives, signed-rank test alone (p < 0.05):        {share(significant, len(aa))}")
print("| extra rounds/sample | shift (ns) | shift (%) | flagged by the gate | p < 0.05 |")
print("|---:|---:|---:|---:|---:|")
for level in levels:
    found = rows(f"extra-{level}-*.json")
    if not found:
        continue
    shift = statistics.median(row["change"] for row in found)
    percent = statistics.median(row["changePct"] for row in found)
    gate = sum(row["verdict"] == "regressed" for row in found)
    test = sum(row["pValue"] < 0.05 and row["change"] > 0 for row in found)
    print(f"| {level} | {shift:+.1f} | {percent:+.1f} | {share(gate, len(found))} | {share(test, len(found))} |")
PY
