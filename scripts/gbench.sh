#!/usr/bin/env bash
# Times motionbench's Swift kernels against straightforward C versions of the same maths with Google
# Benchmark (the nested package Benchmarks/GoogleBenchmark), then prints the Swift/C ratio per kernel.
# Needs libbenchmark-dev; builds the release configuration; extra arguments go to the benchmark
# binary, e.g. scripts/gbench.sh --benchmark_repetitions=5 --benchmark_filter='madgwick|mahony'
set -euo pipefail

header=/usr/include/benchmark/benchmark.h
if [[ ! -f $header ]]; then
    echo "gbench.sh: $header is missing: install Google Benchmark with 'apt-get install -y libbenchmark-dev'" >&2
    exit 1
fi

cd "$(dirname "$0")/../Benchmarks/GoogleBenchmark"
# Build messages go to stderr so that --benchmark_format=json leaves stdout a clean JSON document.
swift build -c release --product gbench >&2
exec "$(swift build -c release --show-bin-path)/gbench" "$@"
