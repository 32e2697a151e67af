#!/usr/bin/env bash
# How `run` scales with a sweep's cases: sweeps of the heading workload (its five filters, two
# repetitions, virtual time, 2000 samples a case) over N/10 rates spread evenly from 10 to 400 Hz,
# so the mix of rates, and with it the cost of a case and of its accuracy pass, stays the same as N
# grows. Each sweep runs once, writing its default files (run.json, the CSV files, report.md and
# its charts); GNU time gives its wall time and peak resident size.
#
#   scripts/sweep-scale.sh                                   100 to 5000 cases
#   scripts/sweep-scale.sh --cases 100,1000 --binary .build/release/motionbench
#
# Options:
#   --cases LIST     the sweeps' case counts, multiples of 10 from 30 (default 100,200,500,1000,2000,5000)
#   --binary PATH    the motionbench to time (default: build .build/release/motionbench)
#   --keep DIR       keep each sweep's run folder in DIR (default: a temporary folder, removed)
#
# Prints a Markdown table: cases, wall seconds, milliseconds a case, peak RSS, and the sizes of
# run.json and report.md; then the time and memory a case at the largest sweep against the
# smallest. Exits 1 if a sweep fails or its run.json lacks cases; 64 on a bad command line.
set -euo pipefail

cases=100,200,500,1000,2000,5000 binary='' keep=''
# shellcheck source-path=SCRIPTDIR
source "$(dirname "$0")/lib/options.sh"
read_options "cases binary keep" "$@"
IFS=, read -r -a counts <<< "$cases"
for count in "${counts[@]}"; do
    [[ $count =~ ^[1-9][0-9]*0$ && $count -ge 30 ]] || { echo "sweep-scale.sh: --cases: '$count' is not a multiple of 10 from 30" >&2; exit 64; }
done
[[ -x /usr/bin/time ]] || { echo "sweep-scale.sh: needs GNU time (apt-get install -y time)" >&2; exit 64; }

cd "$(dirname "$0")/.."
use_motionbench_binary motionbench

use_work_folder "$keep"

echo "| Cases | Rates | Wall (s) | Per case (ms) | Peak RSS (MiB) | run.json (MB) | report.md (lines) |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
first=() last=()
for count in "${counts[@]}"; do
    rates=$((count / 10))
    # Evenly from 10 to 400 Hz, to 0.01 Hz: distinct at every count this script takes.
    list=$(python3 -c "import sys; n=int(sys.argv[1]); print(','.join(f'{10 + 390 * i / (n - 1):.2f}' for i in range(n)))" "$rates")
    folder="$work/cases-$count"
    echo "sweep-scale.sh: $count cases" >&2
    if ! /usr/bin/time -f "%e %M" -o "$work/time.txt" "$binary" run heading --rate "$list" --repetitions 2 --mode virtual \
        --samples 2000 --quiet --out "$folder" > /dev/null; then
        echo "sweep-scale.sh: the sweep of $count cases failed" >&2
        exit 1
    fi
    read -r seconds kilobytes < "$work/time.txt"
    kept=$(python3 -c "import json, sys; print(len(json.load(open(sys.argv[1]))['cases']))" "$folder/run.json")
    [[ $kept -eq $count ]] || { echo "sweep-scale.sh: run.json of the $count-case sweep holds $kept cases" >&2; exit 1; }
    read -r row < <(python3 - "$count" "$rates" "$seconds" "$kilobytes" "$folder" <<'PY'
import os, sys
count, rates, seconds, kilobytes, folder = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
lines = sum(1 for _ in open(os.path.join(folder, "report.md")))
megabytes = os.path.getsize(os.path.join(folder, "run.json")) / 1e6
print(f"| {count:,} | {rates} | {seconds:.1f} | {1000 * seconds / count:.1f} | {kilobytes / 1024:.0f} | {megabytes:.1f} | {lines:,} |")
PY
    )
    echo "$row"
    [[ ${#first[@]} -gt 0 ]] || first=("$count" "$seconds" "$kilobytes")
    last=("$count" "$seconds" "$kilobytes")
done
python3 - "${first[@]}" "${last[@]}" <<'PY'
import sys
small_cases, small_seconds, small_kib, large_cases, large_seconds, large_kib = map(float, sys.argv[1:])
if large_cases > small_cases:
    print(f"\n{large_cases / small_cases:.3g}x the cases: {large_seconds / small_seconds:.1f}x the time, "
          f"{large_kib / small_kib:.1f}x the peak RSS")
PY
