#!/usr/bin/env bash
# The sampler's cost beside the floor of waking alone: a real-time motionbench case (its sampler at
# 10 Hz) and a bare C thread that only sleeps to 100 ms deadlines (scripts/wake-loop.c, compiled
# here), run side by side in the same minutes, several rounds, which one starts first alternating.
# Each round gives the sampler thread's CPU % of one core (run.json's sampler.cpuPct) and the wake
# loop's, and their ratio; the target is a sampler at most 1.5× the wake loop. Beside them runs the
# same loop making, after each wake, the system calls a periodic snapshot of the case's four threads
# makes (`wake-loop --reads 4`): the cost of those calls alone, without Swift, for reference. And the
# same two loops waiting as the sampler waits (`--futex`: a futex wait with the deadline as its
# time-out, which a stop can cut short): the floor under a sampler that stops at once. And that loop
# reading threads that work as the case's do (`--busy`): the same calls in a process like the one the
# sampler reads, whose ratio to the bare loop is the least a sampler making them could reach.
#
# Side by side, the loops change each other's cost: on a virtual machine a thread that wakes while
# another is running pays less than one that wakes a sleeping processor. `--alone` runs each of a
# round's loops and cases by itself, one after the other (the order turning each round), so each is
# measured as it runs in a process of its own on an otherwise quiet machine.
#
#   scripts/sampler-cost.sh                                build motionbench in release and measure
#   scripts/sampler-cost.sh --binary OLD --binary NEW --rounds 6 --seconds 60
#
# Options:
#   --binary PATH     a motionbench executable; repeat it to measure builds side by side in the same
#                     minutes, each against the same wake loop (default: build .build/release/motionbench)
#   --rounds N        rounds (default 4)
#   --seconds S       length of each round, whole seconds (default 60)
#   --max R           ratio above which the script fails (default 1.5)
#   --alone           run a round's loops and cases one after the other, not at once (a round then
#                     takes seven times --seconds with one build)
#   --calls           after the rounds, one more of --seconds where five C loops run side by side, each
#                     making one call after each wake (`wake-loop --cost`), and print what each call
#                     costs alone, cold as the sampler meets it: the floor under a periodic snapshot
#
# The case is `accelerometer --rate 50 --filter raw --mode realtime`: four threads to read (main,
# hub, workload, sampler). Exit 0 when every build's median ratio is within --max, 2 when one is
# above it, 1 if a run failed, 64 on a bad command line. Needs a C compiler.
set -euo pipefail
cd "$(dirname "$0")/.."

binaries=() rounds=4 seconds=60 max=1.5 calls=0 alone=0
while [[ $# -gt 0 ]]; do
    case $1 in
        --alone) alone=1; shift ;;
        --calls) calls=1; shift ;;
        --binary) binaries+=("$2"); shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --max) max=$2; shift 2 ;;
        *) echo "sampler-cost.sh: unknown option '$1' (see the comment at the top)" >&2; exit 64 ;;
    esac
done
for flag in "--rounds $rounds" "--seconds $seconds"; do
    [[ ${flag#* } =~ ^[1-9][0-9]*$ ]] || { echo "sampler-cost.sh: ${flag% *}: '${flag#* }' is not a whole number" >&2; exit 64; }
done
[[ $max =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "sampler-cost.sh: --max: '$max' is not a number" >&2; exit 64; }
if [[ ${#binaries[@]} -eq 0 ]]; then
    swift build -c release --product motionbench >&2
    binaries=(.build/release/motionbench)
fi
for binary in "${binaries[@]}"; do
    [[ -x $binary ]] || { echo "sampler-cost.sh: '$binary' is not an executable" >&2; exit 64; }
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cc -O2 -o "$scratch/wake-loop" scripts/wake-loop.c -lpthread

# Starts a loop or case writing to $1, at once beside the others, or with --alone by itself.
launch() {
    local out=$1
    shift
    if (( alone )); then "$@" >"$out"; else "$@" >"$out" & pids+=($!); fi
}

for round in $(seq 1 "$rounds"); do
    pids=()
    # Odd rounds start the wake loop last, even rounds first.
    (( round % 2 )) || launch "$scratch/loop-$round" "$scratch/wake-loop" "$seconds"
    launch "$scratch/reads-$round" "$scratch/wake-loop" "$seconds" --reads 4
    launch "$scratch/futex-$round" "$scratch/wake-loop" "$seconds" --futex
    launch "$scratch/futex-reads-$round" "$scratch/wake-loop" "$seconds" --futex --reads 4
    launch "$scratch/busy-reads-$round" "$scratch/wake-loop" "$seconds" --futex --reads 4 --busy
    for index in "${!binaries[@]}"; do
        launch /dev/null "${binaries[$index]}" run accelerometer --rate 50 --filter raw --mode realtime --duration "$seconds" \
            --format json --out "$scratch/run-$round-$index" --quiet
    done
    (( round % 2 )) && launch "$scratch/loop-$round" "$scratch/wake-loop" "$seconds"
    for pid in "${pids[@]}"; do wait "$pid"; done
done

if (( calls )); then
    pids=()
    for call in none fstat thread-clock process-clock statm; do
        "$scratch/wake-loop" "$seconds" --cost "$call" >"$scratch/cost-$call" & pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
    echo "each call alone after a wake, CPU µs (the thread's clock around it, less what that costs alone):"
    for call in fstat thread-clock process-clock statm; do
        python3 - "$scratch/cost-none" "$scratch/cost-$call" "$call" <<'PY'
import sys
def per_wake(path):
    fields = dict(field.split("=") for field in open(path).read().split())
    return int(fields["call_ns"]) / int(fields["wakes"]) / 1000
print(f"  {sys.argv[3]}: {per_wake(sys.argv[2]) - per_wake(sys.argv[1]):.1f}")
PY
    done
fi

python3 - "$scratch" "$rounds" "$max" "${binaries[@]}" <<'PY'
import json, statistics, sys
scratch, rounds, limit, binaries = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4:]
def loop(name, round):
    fields = dict(field.split("=") for field in open(f"{scratch}/{name}-{round}").read().split())
    return 100 * int(fields["cpu_ns"]) / int(fields["wall_ns"]), int(fields["cpu_ns"]) / int(fields["wakes"]) / 1000
medians = []
for index, binary in enumerate(binaries):
    print(f"{binary}:")
    print("  round | sampler CPU % | µs a snapshot | wake loop CPU % | µs a wake | ratio | C reads CPU % | µs a wake | sampler / C reads"
          " | µs a futex wake | and reads | sampler / futex and reads | and reads of busy threads | that / wake loop")
    ratios, floor_ratios, busy_floors = [], [], []
    for round in range(1, rounds + 1):
        sampler = json.load(open(f"{scratch}/run-{round}-{index}/run.json"))["cases"][0]["sampler"]
        (bare, bare_us), (reads, reads_us) = loop("loop", round), loop("reads", round)
        (_, futex_us), (futex_reads, futex_reads_us) = loop("futex", round), loop("futex-reads", round)
        busy_reads, busy_reads_us = loop("busy-reads", round)
        ratios.append(sampler["cpuPct"] / bare)
        floor_ratios.append(sampler["cpuPct"] / futex_reads)
        busy_floors.append(busy_reads / bare)
        print(f"  {round} | {sampler['cpuPct']:.4f} | {sampler['usPerSnapshot']:.1f} | {bare:.4f} | {bare_us:.1f} | {ratios[-1]:.2f} | "
              f"{reads:.4f} | {reads_us:.1f} | {sampler['cpuPct'] / reads:.2f} | {futex_us:.1f} | {futex_reads_us:.1f} | {floor_ratios[-1]:.2f} | "
              f"{busy_reads_us:.1f} | {busy_floors[-1]:.2f}")
    medians.append(statistics.median(ratios))
    print(f"  median ratio to the wake loop {medians[-1]:.2f} (range {min(ratios):.2f}–{max(ratios):.2f}; target at most {limit:g}); "
          f"to the futex wait and reads in C {statistics.median(floor_ratios):.2f} (range {min(floor_ratios):.2f}–{max(floor_ratios):.2f}); "
          f"that wait and reads of busy threads, in C, to the wake loop {statistics.median(busy_floors):.2f} "
          f"(range {min(busy_floors):.2f}–{max(busy_floors):.2f})")
sys.exit(0 if all(median <= limit for median in medians) else 2)
PY
