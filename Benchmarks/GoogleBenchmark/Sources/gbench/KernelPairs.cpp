#include "KernelPairs.h"

#include "CReference.h"

// The Swift entry points are defined with @_cdecl in SwiftKernels; Swift emits no C header for them.
#define MB_DECLARE_SWIFT_KERNEL(name, width) \
    extern "C" void mb_swift_##name##_run(const mb_sample *samples, int count, double dt, double *out);
MB_KERNEL_LIST(MB_DECLARE_SWIFT_KERNEL)

#define MB_KERNEL_PAIR(name, width) {#name, mb_swift_##name##_run, mb_c_##name##_run, width},

const std::vector<KernelPair> &kernelPairs() {
    static const std::vector<KernelPair> pairs = {MB_KERNEL_LIST(MB_KERNEL_PAIR)};
    return pairs;
}
