#include "CReference.h"
#include "motion_math.h"

typedef struct {
    double alpha;
    vec3 value;
    bool primed;
} low_pass_filter;

/// The RC analogue's smoothing factor dt / (RC + dt) for `cutoff` Hz at `sample_rate` Hz.
static double low_pass_alpha(double cutoff, double sample_rate) {
    double interval = 1 / sample_rate;
    double time_constant = 1 / (2 * MB_PI * cutoff);
    return interval / (time_constant + interval);
}

/// y ← y + α (x − y); the first input sets the output.
static vec3 low_pass_update(low_pass_filter *filter, vec3 input) {
    if (filter->primed) {
        filter->value = vec3_add(filter->value, vec3_scale(vec3_sub(input, filter->value), filter->alpha));
    } else {
        filter->value = input;
        filter->primed = true;
    }
    return filter->value;
}

void mb_c_low_pass_run(const mb_sample *samples, int count, double dt, double *out) {
    // 1 Hz, SwiftKernels' signalCutoff.
    low_pass_filter filter = {low_pass_alpha(1.0, 1 / dt), vec3_make(0, 0, 0), false};
    for (int update = 0; update < count; update++) {
        store_vec3(out, update, low_pass_update(&filter, samples[update].accelerometer));
    }
}
