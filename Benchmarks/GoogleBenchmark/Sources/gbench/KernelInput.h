// The samples every kernel is timed on.
#pragma once

#include <vector>

#include "KernelABI.h"

/// A block of readings and the interval between them.
struct KernelInput {
    std::vector<mb_sample> samples;
    double dt;

    /// Updates one kernel call makes.
    int updates() const { return static_cast<int>(samples.size()); }
};

/// 1024 ticks at 50 Hz (the heading workload's rate) of the tilt-and-shake scenario, made once:
/// enough to leave the fusion filters' one-off start (the first update) under 0.1 % of the time,
/// little enough (72 KiB) to stay in the L2 cache, as a filter's input does in an app.
const KernelInput &kernelInput();
