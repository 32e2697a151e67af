#!/usr/bin/env bash
# The harness's floor in a user's package: what feeding one sample costs a workload that does nothing
# but count its samples, written as a class (`counting`) and as closures (`counting-closure`), in the
# tests' own catalogue (`motionbench-fixture`, a module of its own as a user's workload is), in
# virtual time, in instructions (callgrind, repeatable) and CPU ns a sample (a timing: repeated, the
# median and range shown). The target is at most 20 instructions a sample for each form.
#
#   scripts/harness-floor.sh                          build the fixture in release and measure
#   scripts/harness-floor.sh --binary PATH --repetitions 9 --samples 200000 --max 20
#
# Options:
#   --binary PATH      the fixture executable (default: build .build/release/motionbench-fixture)
#   --samples N        virtual-time samples a case (default 200000)
#   --repetitions N    timed repetitions of the case (default 5)
#   --max N            instructions a sample above which the script fails (default 20)
#
# Prints the instructions and ns a sample of each form of the user's workload and of the harness's own floor
# (`run.json`'s harnessFloor, measured beside them). Exit 0 when both are within --max, 2 when one is above it, 1 if a run
# failed, 64 on a bad command line. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."

binary='' samples=200000 repetitions=5 max=20
while [[ $# -gt 0 ]]; do
    case $1 in
        --binary) binary=$2; shift 2 ;;
        --samples) samples=$2; shift 2 ;;
        --repetitions) repetitions=$2; shift 2 ;;
        --max) max=$2; shift 2 ;;
        *) echo "harness-floor.sh: unknown option '$1' (see the comment at the top)" >&2; exit 64 ;;
    esac
done
for flag in "--samples $samples" "--repetitions $repetitions"; do
    [[ ${flag#* } =~ ^[1-9][0-9]*$ ]] || { echo "harness-floor.sh: ${flag% *}: '${flag#* }' is not a count" >&2; exit 64; }
done
[[ $max =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "harness-floor.sh: --max: '$max' is not a number" >&2; exit 64; }
if [[ -z $binary ]]; then
    swift build -c release --product motionbench-fixture >&2
    binary=.build/release/motionbench-fixture
fi
[[ -x $binary ]] || { echo "harness-floor.sh: '$binary' is not an executable" >&2; exit 64; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

"$binary" run counting counting-closure --mode virtual --samples 8192 --counter instructions --format json --out "$scratch/instructions" --quiet >/dev/null
"$binary" run counting counting-closure --mode virtual --samples "$samples" --repetitions "$repetitions" --format json --out "$scratch/timed" --quiet >/dev/null

python3 - "$scratch/instructions/run.json" "$scratch/timed/run.json" "$max" <<'PY'
import json, statistics, sys
counted, timed, limit = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), float(sys.argv[3])
def summary(values):
    return f"{statistics.median(values):.1f} (range {min(values):.1f}–{max(values):.1f})"
instructions = {case["spec"]["workload"]: case["instructionsPerSample"] for case in counted["cases"]}
within = True
for name, count in instructions.items():
    cases = [case for case in timed["cases"] if case["spec"]["workload"] == name]
    cpu = [case["cpuNsPerSample"] for case in cases]
    wall = [case["wallNsPerSample"] for case in cases]
    print(f"{name} (a user's package), virtual time, {cases[0]['samples']} samples, {len(cpu)} repetitions:")
    print(f"  instructions a sample: {count:.1f} (target at most {limit:g})")
    print(f"  CPU ns a sample:       {summary(cpu)}")
    print(f"  wall ns a sample:      {summary(wall)}")
    within = within and count <= limit
if "harnessFloor" in counted:
    floor = (counted["harnessFloor"].get("instructionsPerSample"), timed["harnessFloor"]["cpuNsPerSample"])
    print(f"harness floor beside them (run.json harnessFloor): {floor[0]:.1f} instructions, {floor[1]:.1f} CPU ns a sample")
sys.exit(0 if within else 2)
PY
