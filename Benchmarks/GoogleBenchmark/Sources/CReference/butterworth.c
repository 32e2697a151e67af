#include "CReference.h"
#include "motion_math.h"

/// One biquad section per axis, direct form II transposed, a0 = 1.
typedef struct {
    double b0, b1, b2, a1, a2;
    vec3 state1, state2;
    bool primed;
} biquad;

/// The second-order Butterworth low-pass by the bilinear transform, cutoff prewarped.
static biquad butterworth_low_pass(double cutoff, double sample_rate) {
    double k = tan(MB_PI * cutoff / sample_rate);
    double k_squared = k * k;
    double sqrt2 = sqrt(2.0);
    double norm = 1 / (1 + sqrt2 * k + k_squared);
    double b0 = k_squared * norm;
    return (biquad){
        b0, 2 * b0, b0, 2 * (k_squared - 1) * norm, (1 - sqrt2 * k + k_squared) * norm,
        vec3_make(0, 0, 0), vec3_make(0, 0, 0), false};
}

/// Filters one input; the first one primes the state a constant input would have left.
static vec3 biquad_update(biquad *filter, vec3 input) {
    if (!filter->primed) {
        double dc_gain = (filter->b0 + filter->b1 + filter->b2) / (1 + filter->a1 + filter->a2);
        vec3 settled = vec3_scale(input, dc_gain);
        filter->state2 = vec3_sub(vec3_scale(input, filter->b2), vec3_scale(settled, filter->a2));
        filter->state1 = vec3_add(vec3_sub(vec3_scale(input, filter->b1), vec3_scale(settled, filter->a1)), filter->state2);
        filter->primed = true;
    }
    vec3 output = vec3_add(vec3_scale(input, filter->b0), filter->state1);
    filter->state1 = vec3_add(vec3_sub(vec3_scale(input, filter->b1), vec3_scale(output, filter->a1)), filter->state2);
    filter->state2 = vec3_sub(vec3_scale(input, filter->b2), vec3_scale(output, filter->a2));
    return output;
}

void mb_c_butterworth_run(const mb_sample *samples, int count, double dt, double *out) {
    // 1 Hz, SwiftKernels' signalCutoff.
    biquad filter = butterworth_low_pass(1.0, 1 / dt);
    for (int update = 0; update < count; update++) {
        store_vec3(out, update, biquad_update(&filter, samples[update].accelerometer));
    }
}
