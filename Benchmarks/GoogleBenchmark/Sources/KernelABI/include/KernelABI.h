// The data every kernel reads, laid out once for Swift, C and C++.
//
// A kernel runs `count` updates of one filter, from its initial state, over `samples`, and writes
// each update's output to `out` (a quaternion w, x, y, z or a vector x, y, z, the kernel's "width"
// doubles per update), so that no update can be optimized away and the whole stream can be compared:
//
//     void mb_<language>_<kernel>_run(const mb_sample *samples, int count, double dt, double *out);
#ifndef MOTIONBENCH_KERNEL_ABI_H
#define MOTIONBENCH_KERNEL_ABI_H

/// A vector in device axes, in the unit of the sensor it comes from.
typedef struct {
    double x, y, z;
} mb_vector3;

/// One tick of a phone's three motion sensors, in Core Motion's units and signs: rad/s, g (lying
/// flat, screen up, the accelerometer reads (0, 0, -1)) and µT.
typedef struct {
    mb_vector3 gyroscope;
    mb_vector3 accelerometer;
    mb_vector3 magnetometer;
} mb_sample;

#endif
