#!/usr/bin/env bash
# How `motionbench history` scales: builds a history of N one-case runs, each at its own commit of a
# throw-away git repository of N commits (one a minute), and times `history` over it. The runs do
# not record their commits' times, as runs from before `run` recorded them do not, so `history`
# asks git for all N (one call). Each run is a copy of one real run (accelerometer, raw, 10 Hz,
# 500 virtual-time samples) with its CPU per sample redrawn around 1000 ns with 2 % noise and
# 20 % dearer from commit N/2 on; the script checks that the step is found there.
#
#   scripts/history-scale.sh                        10000 runs at 10000 commits
#   scripts/history-scale.sh --runs 2500 --binary .build/release/motionbench
#
# Options:
#   --runs N         runs and commits (default 10000)
#   --binary PATH    the motionbench to time (default: build .build/release/motionbench)
#   --keep DIR       build the history in DIR and keep it (default: a temporary folder, removed)
#
# Prints the wall seconds and peak resident memory of `history` (GNU time), and exits 1 if the
# step is not found at commit N/2 + 1; 64 on a bad command line.
set -euo pipefail

runs=10000 binary='' keep=''
# shellcheck source-path=SCRIPTDIR
source "$(dirname "$0")/lib/options.sh"
read_options "runs binary keep" "$@"
[[ "$runs" =~ ^[0-9]+$ && "$runs" -ge 8 ]] || { echo "history-scale.sh: --runs: '$runs' is not a count of 8 or more" >&2; exit 64; }
command -v git > /dev/null || { echo "history-scale.sh: needs git" >&2; exit 64; }
[[ -x /usr/bin/time ]] || { echo "history-scale.sh: needs GNU time (apt-get install -y time)" >&2; exit 64; }

cd "$(dirname "$0")/.."
use_motionbench_binary motionbench

use_work_folder "$keep"

echo "history-scale.sh: a repository of $runs commits" >&2
git init -q -b main "$work/repository"
# One commit a minute from 1700000000, each changing one file, written by fast-import in one go
# (each commit continues the branch).
python3 - "$runs" <<'PY' | git -C "$work/repository" fast-import --quiet
import sys
for index in range(int(sys.argv[1])):
    data = f"commit {index}\n"
    message = f"commit {index}\n"
    print("commit refs/heads/main")
    print(f"committer t <t@example.com> {1_700_000_000 + 60 * index} +0000")
    print(f"data {len(message)}")
    sys.stdout.write(message)
    print("M 644 inline file.txt")
    print(f"data {len(data)}")
    sys.stdout.write(data)
    print()
PY
git -C "$work/repository" rev-list --reverse main > "$work/commits.txt"

echo "history-scale.sh: $runs one-case runs" >&2
"$binary" run accelerometer --filter raw --rate 10 --mode virtual --samples 500 --format json --quiet --out "$work/template" > /dev/null
python3 - "$work/template/run.json" "$work/commits.txt" "$work/runs" <<'PY'
import json, os, random, sys
template, commits, out = json.load(open(sys.argv[1])), open(sys.argv[2]).read().split(), sys.argv[3]
template["environment"].pop("gitCommitTime", None)
noise = random.Random(1)
for index, commit in enumerate(commits):
    run = dict(template)
    run["environment"] = dict(template["environment"], gitCommit=commit)
    day, second = divmod(index, 86400)
    run["startedAt"] = run["finishedAt"] = f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T{second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}Z"
    step = 1.2 if index >= len(commits) // 2 else 1.0
    run["cases"] = [dict(result, cpuNsPerSample=1000 * step * (1 + 0.02 * noise.gauss(0, 1))) for result in template["cases"]]
    folder = os.path.join(out, f"{index:05d}")
    os.makedirs(folder)
    with open(os.path.join(folder, "run.json"), "w") as file:
        json.dump(run, file)
PY

echo "history-scale.sh: timing history" >&2
/usr/bin/time -f "%e %M" -o "$work/time.txt" "$binary" history "$work/runs" --repository "$work/repository" > "$work/history.md"
read -r seconds kilobytes < "$work/time.txt"
echo "history of $runs one-case runs at $runs commits: $seconds s, peak RSS $((kilobytes / 1024)) MiB"
placed=$(grep -c '| commit time |' "$work/history.md" || true)
echo "commits placed by git's commit time: $placed of $runs"
first=$(sed -n "$((runs / 2 + 1))p" "$work/commits.txt")
if grep -q "| accelerometer 10 Hz raw virtual | CPU ns/sample | ${first:0:8} " "$work/history.md"; then
    echo "the 20 % step is found at commit $((runs / 2 + 1)) (${first:0:8})"
else
    echo "history-scale.sh: the step at commit $((runs / 2 + 1)) (${first:0:8}) was not found:" >&2
    sed -n '/^## Steps/,/^## Commits/p' "$work/history.md" >&2
    exit 1
fi
