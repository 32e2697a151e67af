#!/usr/bin/env bash
# Soak test: one motionbench process runs every real-time case of `run --all` over and over for a
# given time and is watched from outside; its memory must stay flat and nothing may leak.
#
#   scripts/soak.sh                                            10 minutes
#   scripts/soak.sh --minutes 6 --binary .build/release/motionbench     CI's
#
# Options:
#   --minutes N         how long to soak (default 10; --seconds N for finer); at least four cycles
#                       of the cases run, whatever it says
#   --case-seconds S    seconds per real-time case (default 5)
#   --sampler-rate HZ   motionbench's own sampler (default 1)
#   --out DIR           keep samples.csv (one row per reading) and the run's folder in DIR
#   --binary PATH       the motionbench to soak (default: build one in .build-soak)
#
# How: the run is `motionbench run --all --mode realtime --duration S --repetitions R`, R cycles of
# every case filling the time (repetitions run outermost, so each is a full cycle); every case starts
# and stops its hub, workload, sampler and any worker threads. Every half second the script reads
# the process's VmRSS (/proc/PID/status), threads (/proc/PID/task), open file descriptors
# (/proc/PID/fd), and whether a case is in flight (a thread named mb-hub). Only readings taken during
# a case count, so start-up and the accuracy pass and report writing after the last case stay out.
#
# Warm-up is the first two cycles: every workload's first run, and malloc settling. RSS steps up by
# about 1 MiB in each of them when the 1000-shape motion cube's 2 MiB world is freed and made again
# (glibc raises its mmap threshold at the first free, so later worlds come from the heap), then stops.
# "Start" is the third cycle, "end" the last.
#
# The run keeps every finished case in memory for its report, by design: about 2 KB a case plus
# 160 bytes a sampler reading (valgrind's massif: the heap grew by what the results hold, nothing
# else). Hence the defaults, 5 s cases and a 1 Hz sampler: 0.3 MiB kept per 10 minutes, which a leak
# would have to stand out from, against 0.7 with 2 s cases and 0.9 more with the usual 10 Hz sampler.
#
# Verdict (exit 1 on failure, 64 on a bad command line):
#   - the RSS slope, by least squares over every in-case reading after warm-up: under 1 MiB per 10 min;
#   - threads and file descriptors, the usual count during a case (median) and the most seen: the
#     last cycle's no higher than the third's (a case's threads and the probe's per-thread files
#     are gone when it ends, so a leak raises both);
#   - the run itself exits 0.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
bad() { echo "soak.sh: $*" >&2; exit 64; }

seconds=600 case_seconds=5 sampler_rate=1 out="" binary=""
while (($#)); do
    case $1 in
        --minutes) [[ ${2:-} =~ ^[0-9]+$ ]] || bad "--minutes takes a whole number"; seconds=$((${2} * 60)); shift 2 ;;
        --seconds) [[ ${2:-} =~ ^[0-9]+$ ]] || bad "--seconds takes a whole number"; seconds=$2; shift 2 ;;
        --case-seconds) [[ ${2:-} =~ ^[0-9]+([.][0-9]+)?$ ]] || bad "--case-seconds takes a number"; case_seconds=$2; shift 2 ;;
        --sampler-rate) [[ ${2:-} =~ ^[0-9]+([.][0-9]+)?$ ]] || bad "--sampler-rate takes a number"; sampler_rate=$2; shift 2 ;;
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
# Four cycles at least: two of warm-up, start and end.
repetitions=$(awk -v s="$seconds" -v n="$cases" -v d="$case_seconds" 'BEGIN { r = int(s / (n * d) + 0.999); print (r < 4) ? 4 : r }')

run=("$binary" run --all --mode realtime --duration "$case_seconds" --repetitions "$repetitions" --sampler-rate "$sampler_rate" --quiet --out "$out/run")
echo "== ${run[*]}   ($cases cases a cycle, about $((seconds / 60)) min $((seconds % 60)) s)"
"${run[@]}" < /dev/null > "$work/run.log" 2>&1 &
pid=$!

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
python3 - "$samples" "$repetitions" "$cases" <<'EOF'
import csv, statistics, sys

path, cycles, cases = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rows = [r for r in csv.DictReader(open(path)) if r["in_case"] == "1"]
t = [float(r["elapsed_s"]) for r in rows]
if len(rows) < 10 * cycles:
    sys.exit(f"soak.sh: only {len(rows)} readings during cases; too short a soak to judge")
first, last = t[0], t[-1]
cycle = (last - first) / cycles
warm_end = first + 2 * cycle
start = [r for r, x in zip(rows, t) if warm_end <= x < warm_end + cycle]
end = [r for r, x in zip(rows, t) if x >= last - cycle]
after = [(x, int(r["rss_kib"]) / 1024) for r, x in zip(rows, t) if x >= warm_end]

# Least squares: MiB per second, times 600.
mean_x = statistics.fmean(x for x, _ in after)
mean_y = statistics.fmean(y for _, y in after)
slope = sum((x - mean_x) * (y - mean_y) for x, y in after) / sum((x - mean_x) ** 2 for x, _ in after) * 600

def counts(window, key):
    values = [int(r[key]) for r in window]
    return int(statistics.median(values)), max(values)

def mib(window, pick):
    return int(pick(window)["rss_kib"]) / 1024

print(f"cycles {cycles} x {cases} cases ({cycles * cases} cases), {last - first:.0f} s of cases, "
      f"{cycle:.1f} s a cycle; warm-up {warm_end - first:.0f} s; {len(after)} readings after it")
print(f"RSS          start {mib(start, lambda w: w[0]):.1f} MiB, end {mib(end, lambda w: w[-1]):.1f} MiB, "
      f"peak {max(y for _, y in after):.1f} MiB; slope {slope:+.3f} MiB per 10 min (limit 1)")
failures = [] if slope < 1 else [f"RSS grows {slope:.2f} MiB per 10 min"]
for key, label in (("threads", "threads"), ("fds", "file descriptors")):
    (start_usual, start_most), (end_usual, end_most) = counts(start, key), counts(end, key)
    print(f"{label:<12} start {start_usual} (at most {start_most}), end {end_usual} (at most {end_most})")
    if end_usual > start_usual or end_most > start_most:
        failures.append(f"{label} rose from {start_usual} (at most {start_most}) to {end_usual} (at most {end_most})")
for failure in failures:
    print(f"soak.sh: FAIL: {failure}", file=sys.stderr)
print("soak: FAIL" if failures else "soak: ok")
sys.exit(1 if failures else 0)
EOF
