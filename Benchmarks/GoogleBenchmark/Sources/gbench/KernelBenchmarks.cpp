#include "KernelBenchmarks.h"

#include <string>

#include <benchmark/benchmark.h>

namespace {

/// Times `kernel` over the whole input per iteration: the loop and the filter state live in the
/// kernel, so the one cross-language call is spread over a thousand updates.
void timeKernel(benchmark::State &state, KernelRun kernel, const KernelInput &input) {
    const int updates = input.updates();
    std::vector<double> out(static_cast<size_t>(updates) * maxOutputWidth);
    for (auto _ : state) {
        kernel(input.samples.data(), updates, input.dt, out.data());
        // The outputs count as read, so no update's work can be dropped.
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * updates);
}

void registerKernel(const std::string &name, KernelRun kernel, const KernelInput &input) {
    benchmark::RegisterBenchmark(name.c_str(), [kernel, &input](benchmark::State &state) {
        timeKernel(state, kernel, input);
    })->Unit(benchmark::kNanosecond);
}

}  // namespace

void registerKernelBenchmarks(const std::vector<KernelPair> &pairs, const KernelInput &input) {
    for (const KernelPair &pair : pairs) {
        registerKernel(std::string(pair.name) + "/c", pair.c, input);
        registerKernel(std::string(pair.name) + "/swift", pair.swift, input);
    }
}
