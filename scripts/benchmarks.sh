#!/usr/bin/env bash
# Runs the per-sample micro-benchmarks (package-benchmark) in Benchmarks/: cost and allocations per
# sample of every workload, filter and the probe. Extra arguments go to `swift package benchmark`,
# e.g. scripts/benchmarks.sh --filter 'accelerometer.*'
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
swift package --allow-writing-to-package-directory benchmark --no-progress "$@"
