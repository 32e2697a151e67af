#!/usr/bin/env bash
# The sampler's cost beside the floor of waking alone: a real-time motionbench case (its sampler at
# 10 Hz) and a bare C thread that only sleeps to 100 ms deadlines (scripts/wake-loop.c, compiled
# here), run side by side in the same minutes, several rounds, which one starts first alternating.
# Each round gives the sampler thread's CPU % of one core (run.json's sampler.cpuPct) and the wake
# loop's, and their ratio; the target is a sampler at most 1.5× the wake loop.
#
#   scripts/sampler-cost.sh                                build motionbench in release and measure
#   scripts/sampler-cost.sh --binary PATH --rounds 5 --seconds 60
#
# Options:
#   --binary PATH     the motionbench executable (default: build .build/release/motionbench)
#   --rounds N        rounds (default 4)
#   --seconds S       length of each round (default 60)
#   --max R           ratio above which the script fails (default 1.5)
#
# The case is `accelerometer --rate 50 --filter raw --mode realtime`: four threads to read (main,
# hub, workload, sampler). Exit 0 with the median ratio within --max, 2 above it, 1 if a run failed,
# 64 on a bad command line. Needs a C compiler.
set -euo pipefail
cd "$(dirname "$0")/.."

binary= rounds=4 seconds=60 max=1.5
while [[ $# -gt 0 ]]; do
    case $1 in
        --binary) binary=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --max) max=$2; shift 2 ;;
        *) echo "sampler-cost.sh: unknown option '$1' (see the comment at the top)" >&2; exit 64 ;;
    esac
done
if [[ -z $binary ]]; then
    swift build -c release --product motionbench >&2
    binary=.build/release/motionbench
fi
[[ -x $binary ]] || { echo "sampler-cost.sh: '$binary' is not an executable" >&2; exit 64; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cc -O2 -o "$scratch/wake-loop" scripts/wake-loop.c -lpthread

sampler() {
    "$binary" run accelerometer --rate 50 --filter raw --mode realtime --duration "$seconds" \
        --format json --out "$scratch/run-$1" --quiet >/dev/null
}
for round in $(seq 1 "$rounds"); do
    if (( round % 2 )); then
        sampler "$round" & first=$!
        "$scratch/wake-loop" "$seconds" >"$scratch/loop-$round" & second=$!
    else
        "$scratch/wake-loop" "$seconds" >"$scratch/loop-$round" & first=$!
        sampler "$round" & second=$!
    fi
    wait "$first"
    wait "$second"
done

python3 - "$scratch" "$rounds" "$max" <<'PY'
import json, statistics, sys
scratch, rounds, limit = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
ratios = []
print("round | sampler CPU % | µs a snapshot | wake loop CPU % | µs a wake | ratio")
for round in range(1, rounds + 1):
    case = json.load(open(f"{scratch}/run-{round}/run.json"))["cases"][0]
    loop = dict(field.split("=") for field in open(f"{scratch}/loop-{round}").read().split())
    loop_pct = 100 * int(loop["cpu_ns"]) / int(loop["wall_ns"])
    ratio = case["sampler"]["cpuPct"] / loop_pct
    ratios.append(ratio)
    print(f"{round} | {case['sampler']['cpuPct']:.4f} | {case['sampler']['usPerSnapshot']:.1f} | {loop_pct:.4f} | "
          f"{int(loop['cpu_ns']) / int(loop['wakes']) / 1000:.1f} | {ratio:.2f}")
print(f"median ratio {statistics.median(ratios):.2f} (range {min(ratios):.2f}–{max(ratios):.2f}; target at most {limit:g})")
sys.exit(0 if statistics.median(ratios) <= limit else 2)
PY
