#!/usr/bin/env bash
# Soak test: one motionbench process runs every real-time case of `run --all` over and over for a
# given time and is watched from outside; its memory must stay flat and nothing may leak.
#
#   scripts/soak.sh                                            10 minutes
#   scripts/soak.sh --minutes 7 --slope-limit 3 --binary .build/release/motionbench     CI's
#
# Options:
#   --minutes N         how long to soak (default 10; --seconds N for finer), rounded to whole cycles
#                       of the cases, three at least
#   --case-seconds S    seconds per real-time case (default 8)
#   --sampler-rate HZ   motionbench's own sampler (default 1)
#   --slope-limit MIB   the RSS slope that fails, MiB per 10 minutes (default 1)
#   --out DIR           keep samples.csv (one row per reading) and the run's folder in DIR
#   --binary PATH       the motionbench to soak (default: build one in .build-soak)
#
# How: the run is `motionbench run --all --mode realtime --duration S --repetitions R`, R cycles of
# every case filling the time (repetitions run outermost, so each is a full cycle); every case starts
# and stops its hub, workload, sampler and any worker threads, and is appended to the run's journal.
# Every half second the script reads the process's VmRSS (/proc/PID/status), threads
# (/proc/PID/task), open file descriptors (/proc/PID/fd), and whether a case is in flight (a thread
# named mb-hub). Only readings taken during a case count, so start-up and the accuracy pass and
# report writing after the last case stay out. The first cycle is warm-up (every workload's first
# run: lazily made tables, the runtime's and Foundation's caches, malloc's arenas for the new
# threads); "start" is the second cycle, "end" the last.
#
# What grows by design: the run keeps every finished case for its report, about 2 KB a case plus
# 160 bytes a sampler reading (valgrind's massif: the live heap grew by that and nothing else;
# LeakSanitizer finds nothing unreachable), and the heap fragments around it as each case is
# encoded for the journal and malloc_trim gives back only whole free pages. That stays under the
# limit (8 s cases, 1 Hz), but not far under it (the measured slopes are on the Results page): a leak
# of a few KB a case would cross it. The usual 10 Hz sampler would keep ten times the readings, hence
# 1 Hz here. A short soak's slope, fitted over two cycles, wanders by more than the limit; CI's uses
# --slope-limit 3, which still fails a run that does not give memory back between cases.
#
# Verdict (exit 1 on failure, 64 on a bad command line):
#   - the RSS slope, by least squares through each cycle's median RSS after warm-up: under 1 MiB
#     per 10 min (--slope-limit);
#   - threads and file descriptors, the usual count during a case (median) and the most seen: the
#     last cycle's no higher than the second's (a case's threads and the probe's per-thread files
#     are gone when it ends, so a leak raises both);
#   - the run itself exits 0.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
bad() { echo "soak.sh: $*" >&2; exit 64; }

seconds=600 case_seconds=8 sampler_rate=1 slope_limit=1 out="" binary=""
while (($#)); do
    case $1 in
        --minutes) [[ ${2:-} =~ ^[0-9]+$ ]] || bad "--minutes takes a whole number"; seconds=$((${2} * 60)); shift 2 ;;
        --seconds) [[ ${2:-} =~ ^[0-9]+$ ]] || bad "--seconds takes a whole number"; seconds=$2; shift 2 ;;
        --case-seconds) [[ ${2:-} =~ ^[0-9]+([.][0-9]+)?$ ]] || bad "--case-seconds takes a number"; case_seconds=$2; shift 2 ;;
        --sampler-rate) [[ ${2:-} =~ ^[0-9]+([.][0-9]+)?$ ]] || bad "--sampler-rate takes a number"; sampler_rate=$2; shift 2 ;;
        --slope-limit) [[ ${2:-} =~ ^[0-9]+([.][0-9]+)?$ ]] || bad "--slope-limit takes a number"; slope_limit=$2; shift 2 ;;
        --out) out=${2:?--out takes a folder}; shift 2 ;;
        --binary) binary=${2:?--binary takes a path}; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) bad "unknown argument $1 (see --help)" ;;
    esac
done
((seconds > 0)) || bad "the soak must last at least a second"

if [[ -z $binary ]]; then
    build=(swift build -c release --product motionbench --scratch-path "$root/.build-soak")
    echo "== ${build[*]}" >&2
    (cd "$root" && "${build[@]}" >&2)
    binary="$(cd "$root" && "${build[@]}" --show-bin-path)/motionbench"
fi
[[ -x $binary ]] || bad "$binary is not an executable"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ -n $out ]]; then
    mkdir -p "$out"
    out=$(cd "$out" && pwd)
else
    out=$work
fi

# --- how many real-time cases one cycle has: a run of them at 0.1 s each (it also proves the binary works)
"$binary" run --all --mode realtime --duration 0.1 --quiet --out "$work/plan" > /dev/null
cases=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["cases"]))' "$work/plan/run.json")
# Whole cycles, three at least: warm-up, start and end.
repetitions=$(awk -v s="$seconds" -v n="$cases" -v d="$case_seconds" 'BEGIN { r = int(s / (n * d) + 0.5); print (r < 3) ? 3 : r }')

run=("$binary" run --all --mode realtime --duration "$case_seconds" --repetitions "$repetitions" --sampler-rate "$sampler_rate" --quiet --out "$out/run")
echo "== ${run[*]}   ($repetitions cycles of $cases cases, about $(awk -v r="$repetitions" -v n="$cases" -v d="$case_seconds" 'BEGIN { printf "%.1f", r * n * d / 60 }') min)"
"${run[@]}" < /dev/null > "$work/run.log" 2>&1 &
pid=$!
# Stopped (CI stops it when a step beside it fails), it stops the run it watches.
trap 'kill "$pid" 2> /dev/null; exit 143' TERM INT

# --- watch it from outside, with globs and builtins: the watcher's own cost stays small
samples=$out/samples.csv
echo "elapsed_s,rss_kib,threads,fds,in_case" > "$samples"
started_us=${EPOCHREALTIME/./}
while kill -0 "$pid" 2> /dev/null; do
    rss="" in_case=0
    while read -r key value _; do
        [[ $key == VmRSS: ]] && rss=$value
    done < "/proc/$pid/status" 2> /dev/null || true
    tasks=(/proc/"$pid"/task/*)
    fds=(/proc/"$pid"/fd/*)
    for comm in /proc/"$pid"/task/*/comm; do
        name=""
        read -r name < "$comm" 2> /dev/null || true
        [[ $name == mb-hub ]] && in_case=1
    done
    # A reading torn by the process's exit (no status any more) is dropped.
    elapsed_cs=$(((${EPOCHREALTIME/./} - started_us) / 10000))
    [[ -n $rss ]] && printf '%d.%02d,%s,%d,%d,%d\n' $((elapsed_cs / 100)) $((elapsed_cs % 100)) \
        "$rss" ${#tasks[@]} ${#fds[@]} "$in_case" >> "$samples"
    sleep 0.5
done
status=0
wait "$pid" || status=$?
if ((status != 0)); then
    echo "soak.sh: the run exited $status:" >&2
    tail -n 20 "$work/run.log" >&2
    exit 1
fi

# --- the verdict
python3 - "$samples" "$repetitions" "$cases" "$slope_limit" <<'EOF'
import csv, statistics, sys

path, cycles, cases, limit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
rows = [r for r in csv.DictReader(open(path)) if r["in_case"] == "1"]
if len(rows) < 10 * cycles:
    sys.exit(f"soak.sh: only {len(rows)} readings during cases; too short a soak to judge")
first, last = float(rows[0]["elapsed_s"]), float(rows[-1]["elapsed_s"])
cycle = (last - first) / cycles
# Each reading's cycle: cycles are equal in length, as every repetition runs the same cases.
windows = [[] for _ in range(cycles)]
for row in rows:
    windows[min(int((float(row["elapsed_s"]) - first) / cycle), cycles - 1)].append(row)
start, end = windows[1], windows[-1]

def median(window, key):
    return statistics.median(int(r[key]) for r in window)

# The slope is fitted through each cycle's median RSS after warm-up: the median leaves out the few
# seconds of a cycle's heaviest case (the 1000-shape motion cube holds 2 MiB more), which would
# otherwise tilt a fit over a few cycles by where in them it falls.
points = [((c + 0.5) * cycle, median(windows[c], "rss_kib") / 1024) for c in range(1, cycles)]
mean_x = statistics.fmean(x for x, _ in points)
mean_y = statistics.fmean(y for _, y in points)
slope = sum((x - mean_x) * (y - mean_y) for x, y in points) / sum((x - mean_x) ** 2 for x, _ in points) * 600
peak = max(int(r["rss_kib"]) for w in windows[1:] for r in w) / 1024

print(f"{cycles} cycles of {cases} cases ({cycles * cases} cases), {last - first:.0f} s of cases, "
      f"{cycle:.1f} s a cycle, the first warm-up; {len(rows)} readings during cases")
print(f"RSS (a cycle's median) start {points[0][1]:.2f} MiB, end {points[-1][1]:.2f} MiB, "
      f"peak {peak:.1f} MiB; slope {slope:+.3f} MiB per 10 min (limit {limit:g})")
failures = [] if slope < limit else [f"RSS grows {slope:.2f} MiB per 10 min"]
for key, label in (("threads", "threads"), ("fds", "file descriptors")):
    start_usual, end_usual = int(median(start, key)), int(median(end, key))
    start_most, end_most = max(int(r[key]) for r in start), max(int(r[key]) for r in end)
    print(f"{label:<16} start {start_usual} (at most {start_most}), end {end_usual} (at most {end_most})")
    if end_usual > start_usual or end_most > start_most:
        failures.append(f"{label} rose from {start_usual} (at most {start_most}) to {end_usual} (at most {end_most})")
for failure in failures:
    print(f"soak.sh: FAIL: {failure}", file=sys.stderr)
print("soak: FAIL" if failures else "soak: ok")
sys.exit(1 if failures else 0)
EOF
