// Google Benchmark registrations of every kernel pair.
#pragma once

#include <vector>

#include "KernelInput.h"
#include "KernelPairs.h"

/// Registers NAME/c and NAME/swift for each pair, side by side, each timing whole calls over `input`
/// and counting one item per update, so that the reports read per update.
void registerKernelBenchmarks(const std::vector<KernelPair> &pairs, const KernelInput &input);
