#include "Equivalence.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace {

/// Relative to the values' size, and absolute below 1, where quaternion components live.
constexpr double tolerance = 1e-12;

bool agree(double swift, double c) {
    return std::isfinite(swift) && std::isfinite(c)
        && std::fabs(swift - c) <= tolerance * std::max({1.0, std::fabs(swift), std::fabs(c)});
}

}  // namespace

void requireSameOutputs(const std::vector<KernelPair> &pairs, const KernelInput &input) {
    const int updates = input.updates();
    std::vector<double> swiftOut(static_cast<size_t>(updates) * maxOutputWidth);
    std::vector<double> cOut(swiftOut.size());
    double largestDifference = 0;
    for (const KernelPair &pair : pairs) {
        pair.swift(input.samples.data(), updates, input.dt, swiftOut.data());
        pair.c(input.samples.data(), updates, input.dt, cOut.data());
        for (int index = 0; index < updates * pair.outputWidth; index++) {
            if (!agree(swiftOut[index], cOut[index])) {
                std::fprintf(stderr,
                    "gbench: %s: Swift and C differ at update %d, output %d: %.17g against %.17g; "
                    "the C reference no longer does the Swift kernel's maths, so timing them is meaningless\n",
                    pair.name, index / pair.outputWidth, index % pair.outputWidth, swiftOut[index], cOut[index]);
                std::exit(1);
            }
            largestDifference = std::max(largestDifference, std::fabs(swiftOut[index] - cOut[index]));
        }
    }
    std::fprintf(stderr, "gbench: Swift and C agree on all %d updates of %zu kernels (largest difference %.3g)\n",
        updates, pairs.size(), largestDifference);
}
