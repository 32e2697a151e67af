#!/usr/bin/env bash
# Refreshes the committed results (see results/README.md): the reference run of `run --all` in
# results/reference/, the baseline CI compares against, results/baselines/ci/run.json, made from
# `run --all --quick` as .ci/run's own run is, and the instruction counts of the CI set under
# callgrind in results/baselines/callgrind/ (scripts/callgrind.sh, deterministic mode).
#
#   scripts/update-baseline.sh                  all three (about 6 minutes after the builds)
#   scripts/update-baseline.sh baseline         the CI baseline only (about 30 s)
#   scripts/update-baseline.sh reference        the reference run only (about 3½ minutes)
#   scripts/update-baseline.sh callgrind        the instruction counts only (about 1 minute)
#
# Options:
#   --scratch-path DIR   SwiftPM's build folder for the release build (default .build, as CI's)
#   --binary PATH        use this motionbench instead of building one
#
# Timings follow the machine's load: run it on a quiet machine (no builds or other benchmarks). Then
# review the change before committing it with what explains it, e.g.
#   git show HEAD:results/baselines/ci/run.json > /tmp/old.json
#   .build/release/motionbench compare /tmp/old.json results/baselines/ci
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

scratch=.build binary="" targets=()
while (($#)); do
    case $1 in
        --scratch-path) scratch=${2:?}; shift 2 ;;
        --binary) binary=${2:?}; shift 2 ;;
        reference|baseline|callgrind) targets+=("$1"); shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "update-baseline.sh: unknown argument $1 (see --help)" >&2; exit 64 ;;
    esac
done
((${#targets[@]})) || targets=(reference baseline callgrind)

if [[ -z $binary && " ${targets[*]} " =~ \ (reference|baseline)\  ]]; then
    echo "== swift build -c release --product motionbench --scratch-path $scratch"
    swift build -c release --product motionbench --scratch-path "$scratch"
    binary="$(swift build -c release --product motionbench --scratch-path "$scratch" --show-bin-path)/motionbench"
    binary=${binary#"$root/"}     # the runs record their command line: keep it short
fi

work=$(mktemp -d results/.update-XXXXXX)
trap 'rm -rf "$work"' EXIT

for target in "${targets[@]}"; do
    case $target in
        reference)
            # Every format, so the folder shows what each looks like; into an emptied folder, so files
            # a newer version no longer writes do not linger (git still has the previous run).
            echo "== motionbench run --all (the reference run)"
            rm -rf results/reference
            "$binary" run --all --format csv,md,json,gbench-json,action-json --out results/reference
            ;;
        baseline)
            echo "== motionbench run --all --quick (the CI baseline)"
            "$binary" run --all --quick --out "$work/quick"
            "$binary" baseline save ci "$work/quick"
            ;;
        callgrind)
            # Three times, so the committed table shows the counts repeat; the profiles stay out.
            echo "== scripts/callgrind.sh --repeat 3 (the CI set's instruction counts)"
            scripts/callgrind.sh --repeat 3 --out "$work/callgrind"
            mkdir -p results/baselines/callgrind
            cp "$work"/callgrind/callgrind.{csv,md,json} results/baselines/callgrind/
            ;;
    esac
done

echo "== committed results"
du -sh results/reference results/baselines/* 2>/dev/null || true
git status --short -- results
