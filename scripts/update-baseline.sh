#!/usr/bin/env bash
# Refreshes the committed results (see results/README.md): the reference run of `run --all` in
# results/reference/, and the baseline CI gates against, results/baselines/ci/ (run.json and the
# instruction profiles), made as .ci/run's own run is: every workload's default case, quick, fixed
# sample counts, instructions counted under callgrind (needs valgrind); then the documentation's
# Results page, which quotes them.
#
#   scripts/update-baseline.sh                  both (about 6 minutes after the build)
#   scripts/update-baseline.sh baseline         the CI baseline only (about 2 minutes)
#   scripts/update-baseline.sh reference        the reference run only (about 3½ minutes)
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
        reference|baseline) targets+=("$1"); shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "update-baseline.sh: unknown argument $1 (see --help)" >&2; exit 64 ;;
    esac
done
((${#targets[@]})) || targets=(reference baseline)

if [[ -z $binary ]]; then
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
            # The same command as .ci/run's gate run: keep the two in step.
            echo "== motionbench run --all --quick --param shapes=10 --samples 2000 --counter instructions (the CI baseline)"
            "$binary" run --all --quick --param shapes=10 --samples 2000 --counter instructions --out "$work/quick"
            "$binary" baseline save ci "$work/quick"
            ;;
    esac
done

echo "== the documentation's Results page (scripts/results-page.py)"
scripts/results-page.py

echo "== committed results"
du -sh results/reference results/baselines/* 2>/dev/null || true
git status --short -- results Sources/MotionBenchCLI/Documentation.docc/Results.md
