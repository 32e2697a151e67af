// The kernels timed: each a Swift entry point (SwiftKernels) and its C reference (CReference).
#pragma once

#include <algorithm>
#include <vector>

#include "KernelABI.h"

/// Adding a kernel: its Swift file (`mb_swift_NAME_run`), its C file (`mb_c_NAME_run`, declared in
/// CReference.h), and one line here with the doubles it writes per update.
#define MB_KERNEL_LIST(KERNEL) \
    KERNEL(compass, 4)         \
    KERNEL(complementary, 4)   \
    KERNEL(madgwick, 4)        \
    KERNEL(mahony, 4)          \
    KERNEL(laidig_seel, 4)     \
    KERNEL(low_pass, 3)        \
    KERNEL(butterworth, 3)

/// Runs `count` updates over `samples`, writing each update's output (see KernelABI.h).
using KernelRun = void (*)(const mb_sample *samples, int count, double dt, double *out);

/// One kernel in both languages.
struct KernelPair {
    const char *name;
    KernelRun swift;
    KernelRun c;
    /// Doubles written per update: 4 for a quaternion, 3 for a vector.
    int outputWidth;
};

/// Every kernel of MB_KERNEL_LIST, in its order.
const std::vector<KernelPair> &kernelPairs();

#define MB_KERNEL_WIDTH(name, width) width,
/// The most doubles any kernel writes per update, to size output buffers.
constexpr int maxOutputWidth = std::max({MB_KERNEL_LIST(MB_KERNEL_WIDTH)});
#undef MB_KERNEL_WIDTH
