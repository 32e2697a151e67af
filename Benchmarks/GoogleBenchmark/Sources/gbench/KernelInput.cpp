#include "KernelInput.h"

// Defined with @_cdecl in SwiftKernels: the project's virtual phone, which only Swift has.
extern "C" void mb_tilt_and_shake_readings(mb_sample *samples, int count, double rate);

const KernelInput &kernelInput() {
    static const KernelInput input = [] {
        constexpr int updates = 1024;
        constexpr double rate = 50;
        KernelInput made{std::vector<mb_sample>(updates), 1 / rate};
        mb_tilt_and_shake_readings(made.samples.data(), updates, rate);
        return made;
    }();
    return input;
}
