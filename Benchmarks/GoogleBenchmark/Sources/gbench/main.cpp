// gbench: Google Benchmark timing motionbench's Swift kernels beside C references of the same maths.
//
// Checks first that each pair computes the same numbers, then runs the benchmarks with whatever
// Google Benchmark flags were given, then prints the Swift/C ratio per kernel.
#include <iostream>

#include <benchmark/benchmark.h>

#include "DisplayReporter.h"
#include "Equivalence.h"
#include "KernelBenchmarks.h"
#include "KernelInput.h"
#include "KernelPairs.h"
#include "RatioReporter.h"

int main(int argc, char **argv) {
    // A JSON or CSV report stays machine-readable on stdout: the table goes to stderr then.
    std::ostream &tableStream = isConsoleFormat(argc, argv) ? std::cout : std::cerr;
    RatioReporter reporter(makeDisplayReporter(argc, argv), kernelPairs(), kernelInput().updates(), tableStream);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    requireSameOutputs(kernelPairs(), kernelInput());
    registerKernelBenchmarks(kernelPairs(), kernelInput());
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    return 0;
}
