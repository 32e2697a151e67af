// Straightforward C versions of motionbench's kernels: the same maths as the Swift library, step by
// step and in the same order, in double precision, so that they give the same numbers and the time
// difference is the cost of the Swift code alone. See KernelABI.h for the calling convention.
#ifndef MOTIONBENCH_C_REFERENCE_H
#define MOTIONBENCH_C_REFERENCE_H

#include "KernelABI.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The e-compass (TiltCompensatedCompass.attitude) on every sample; a zero quaternion where it has none.
void mb_c_compass_run(const mb_sample *samples, int count, double dt, double *out);
/// ComplementaryFilter.update, time constant 1 s; the attitude after each update.
void mb_c_complementary_run(const mb_sample *samples, int count, double dt, double *out);
/// MadgwickFilter.update, beta 0.1; the attitude after each update.
void mb_c_madgwick_run(const mb_sample *samples, int count, double dt, double *out);
/// MahonyFilter.update, kp 1, ki 0.1; the attitude after each update.
void mb_c_mahony_run(const mb_sample *samples, int count, double dt, double *out);
/// LaidigSeelFilter.update, standard settings, with its bias Kalman filter; the attitude after each update.
void mb_c_laidig_seel_run(const mb_sample *samples, int count, double dt, double *out);
/// ExponentialLowPass.update of the accelerometer, 1 Hz at 1/dt Hz; the output after each update.
void mb_c_low_pass_run(const mb_sample *samples, int count, double dt, double *out);
/// ButterworthLowPass.update (one biquad) of the accelerometer, 1 Hz at 1/dt Hz; the output after each update.
void mb_c_butterworth_run(const mb_sample *samples, int count, double dt, double *out);

#ifdef __cplusplus
}
#endif

#endif
