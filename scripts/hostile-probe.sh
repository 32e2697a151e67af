#!/usr/bin/env bash
# Tries against a built motionbench what would make it write outside its folder, miscount or leave
# something running, and fails if any of it gets through: run.json names that climb out of the run
# folder, realloc patterns the allocation counter must count as the change they make, builds that
# leave detached grandchildren for `ab`, and SIGINT and SIGTERM (once, twice) at several moments of
# `run`, `run --counter instructions` (when valgrind is installed) and `ab`. After each, nothing may
# be left in its temporary folder and no process it started may be alive.
#
#   scripts/hostile-probe.sh [--binary PATH] [--quick]
#
# --binary: the motionbench to probe (default .build/release/motionbench). --quick: one moment per
# signal instead of three. Needs python3 and a C compiler. Exit 0 when every probe passed; 1 when one
# failed; 64 on a bad command line or no executable at --binary.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=.build/release/motionbench
moments="0.3 1.5 3"
while [ $# -gt 0 ]; do
    case $1 in
        --binary) binary=$2; shift 2 ;;
        --quick) moments="1.5"; shift ;;
        *) echo "usage: $0 [--binary PATH] [--quick]" >&2; exit 64 ;;
    esac
done
[ -x "$binary" ] || { echo "no motionbench at $binary (swift build -c release, or --binary)" >&2; exit 64; }
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")

work=$(mktemp -d "${TMPDIR:-/tmp}/motionbench-probe.XXXXXX")
tmp=$work/tmp
mkdir -p "$tmp"
# Every process a probe starts carries this token in its environment, so a survivor is found
# whatever its parent, group or session; each works in its own temporary folder, `tmp`.
token="motionbench-probe-$$"
probe=(env "MOTIONBENCH_PROBE_TOKEN=$token" "TMPDIR=$tmp")
failures=0
cleanup() {
    for pid in $(survivors); do kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok:   $*"; }

# The processes alive (not zombies) with the token in their environment.
survivors() {
    for environ in /proc/[0-9]*/environ; do
        pid=${environ#/proc/}
        pid=${pid%/environ}
        if tr '\0' '\n' 2>/dev/null < "$environ" | grep -qx "MOTIONBENCH_PROBE_TOKEN=$token" \
            && [ "$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)" != Z ]; then
            echo "$pid"
        fi
    done
}

# Checks, after `what`, that its temporary folder `tmp` is empty and no process of it lives on
# (waiting up to 5 s for the last ones to be reaped).
nothing_left() {
    local what=$1 tmp=$2 left
    for _ in $(seq 50); do
        left=$(survivors)
        [ -z "$left" ] && break
        sleep 0.1
    done
    if [ -n "$left" ]; then
        fail "$what: processes left: $(for pid in $left; do tr '\0' ' ' < "/proc/$pid/cmdline"; echo -n '; '; done)"
        for pid in $left; do kill -9 "$pid" 2>/dev/null || true; done
    elif [ -n "$(find "$tmp" -mindepth 1 -maxdepth 1)" ]; then
        fail "$what: left in the temporary folder: $(find "$tmp" -mindepth 1 -maxdepth 1 -printf '%f ')"
    else
        pass "$what: nothing left"
    fi
    rm -rf "${tmp:?}"/* "$tmp"/.[!.]* 2>/dev/null || true
}

echo "== run.json names that climb out of the run folder"
sandbox=$work/names
mkdir -p "$sandbox/a/b/c"
"${probe[@]}" "$binary" run accelerometer --rate 50 --filter raw --mode virtual --samples 200 --out "$sandbox/a/b/c/run" --quiet > /dev/null
python3 - "$sandbox/a/b/c/run/run.json" "$sandbox" <<'PY'
import json, sys
path, sandbox = sys.argv[1], sys.argv[2]
run = json.load(open(path))
names = ["x/../../../../escaped-relative", sandbox + "/escaped-absolute", "..", "a/b", "\x1b]0;title\x07", "long" * 200]
template = run["cases"][0]
run["cases"], run["accuracy"] = [], [dict(run["accuracy"][0], workload=name) for name in names]
for name in names:
    case = json.loads(json.dumps(template))
    case["spec"]["workload"] = name
    run["cases"].append(case)
json.dump(run, open(path, "w"))
PY
# Named relative to the working folder, as a user names a downloaded folder.
status=0
(cd "$sandbox" && "${probe[@]}" "$binary" report a/b/c/run --format csv,md,gbench-json,action-json,influx,openmetrics,bmf) \
    > "$work/report.out" 2>&1 || status=$?
outside=$(find "$sandbox" -mindepth 1 | sed "s|^$sandbox/||" | grep -v '^a$\|^a/b$\|^a/b/c$\|^a/b/c/run' || true)
if [ -n "$outside" ]; then fail "report wrote outside the run folder: $outside"; else pass "report wrote only inside the run folder"; fi
if [ "$status" -ne 0 ]; then fail "report of a run with hostile names: exit $status: $(tail -c 300 "$work/report.out")"; else pass "report wrote every file"; fi
if grep -q $'\x1b' "$work/report.out"; then fail "report printed a raw escape sequence"; else pass "report printed no raw escape"; fi

echo "== realloc, counted as the change it makes"
cat > "$work/realloc.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include "CAllocationCounter.h"
static int failed;
static void expect(int ok, const char *what, long long value) {
    printf("%s:   %s (%lld)\n", ok ? "ok" : "FAIL", what, value);
    failed |= !ok;
}
int main(void) {
    MBHeapReading a, b;
    char *block = malloc(64 << 20);
    mb_heap_reset_peak(); mb_heap_read(&a);
    block = realloc(block, (64 << 20) + 4096);
    mb_heap_read(&b);
    expect(b.peakLiveBytes - a.liveBytes < (1 << 20), "growing 64 MiB by 4 KiB raises the peak by the growth", b.peakLiveBytes - a.liveBytes);
    expect((long long)(b.allocatedBytes - a.allocatedBytes) < (1 << 20), "and allocates the growth", (long long)(b.allocatedBytes - a.allocatedBytes));
    free(block);
    char *buffer = NULL;
    mb_heap_reset_peak(); mb_heap_read(&a);
    for (size_t size = 1024; size <= (1 << 20); size += 1024) buffer = realloc(buffer, size);
    mb_heap_read(&b);
    expect((long long)(b.allocatedBytes - a.allocatedBytes) < (4 << 20), "1 KiB steps to 1 MiB allocate about 1 MiB", (long long)(b.allocatedBytes - a.allocatedBytes));
    buffer = realloc(buffer, 1024);
    mb_heap_read(&a);
    expect(a.liveBytes - b.liveBytes < 0, "shrinking frees the difference", a.liveBytes - b.liveBytes);
    free(buffer);
    buffer = realloc(malloc(100), 0);
    mb_heap_read(&b);
    expect(b.liveBytes - a.liveBytes < 4096, "realloc to 0 frees the block", b.liveBytes - a.liveBytes);
    return failed;
}
C
if cc -O2 -I Sources/CAllocationCounter/include "$work/realloc.c" Sources/CAllocationCounter/AllocationCounter.c -o "$work/realloc" -lpthread; then
    "$work/realloc" || failures=$((failures + 1))
else
    fail "the allocation counter does not build with cc"
fi

echo "== ab: builds that leave detached grandchildren"
cat > "$work/leaves.sh" <<SH
#!/bin/sh
setsid sleep 1000 &
exec "$binary" "\$@"
SH
cat > "$work/hangs.sh" <<'SH'
#!/bin/sh
setsid sleep 1000 &
wait
SH
chmod +x "$work/leaves.sh" "$work/hangs.sh"
ab=(ab "$binary" "$work/leaves.sh" barometer --filter none --mode virtual --samples 200 --rounds 6)
status=0
timeout -s KILL 120 "${probe[@]}" "$binary" "${ab[@]}" > /dev/null 2> "$work/ab.err" || status=$?
[ "$status" -eq 0 ] || [ "$status" -eq 3 ] || fail "ab with a build that leaves a process: exit $status: $(tail -1 "$work/ab.err")"
if grep -q "left 1 process running" "$work/ab.err"; then pass "ab warned of the process left"; else fail "ab did not warn of the process left"; fi
nothing_left "ab, a build that leaves a process" "$tmp"
status=0
timeout -s KILL 60 "${probe[@]}" "$binary" ab "$work/hangs.sh" "$binary" barometer --mode virtual --samples 200 --rounds 6 --round-timeout 2 \
    > /dev/null 2>&1 || status=$?
if [ "$status" -eq 1 ]; then pass "ab stopped a hung build at --round-timeout"; else fail "ab with a hung build: exit $status (137: it hung)"; fi
nothing_left "ab, a hung build past its timeout" "$tmp"

# `command …` started in the background, then `signals` (SIGINT, SIGTERM…) sent `moment` seconds in,
# a tenth of a second apart; it must end within 40 s with 130 or 143 (or 0, 1 or 3 when it finished
# first), leaving nothing.
signalled() {
    local what=$1 moment=$2 signals=$3
    shift 3
    "${probe[@]}" "$@" > /dev/null 2>&1 &
    local pid=$! status=0
    sleep "$moment"
    for signal in $signals; do
        kill -s "$signal" "$pid" 2>/dev/null || true
        sleep 0.1
    done
    for _ in $(seq 400); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then
        fail "$what: still running 40 s after $signals at ${moment}s"
        kill -9 "$pid"
    fi
    wait "$pid" || status=$?
    case $status in
        0|1|3|130|143) ;;
        *) fail "$what: exit $status after $signals at ${moment}s" ;;
    esac
    nothing_left "$what, $signals at ${moment}s" "$tmp"
}

echo "== signals"
for moment in $moments; do
    for signals in "INT" "INT INT" "TERM" "TERM TERM"; do
        signalled "ab, a hung build" "$moment" "$signals" "$binary" ab "$work/hangs.sh" "$binary" barometer --mode virtual --samples 200 --rounds 6
        signalled "run" "$moment" "$signals" "$binary" run accelerometer --rate 10,20 --mode realtime --duration 1 --out "$work/run-$RANDOM"
    done
done
if command -v valgrind > /dev/null; then
    for moment in $moments 8; do
        for signals in "INT" "INT INT" "TERM"; do
            signalled "run --counter instructions" "$moment" "$signals" \
                "$binary" run barometer --filter none --mode virtual --samples 2000 --counter instructions --out "$work/count-$RANDOM"
        done
    done
else
    echo "(no valgrind: run --counter instructions not probed)"
fi

echo
if [ "$failures" -gt 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "every probe passed"
