#include "CReference.h"
#include "ecompass.h"

void mb_c_compass_run(const mb_sample *samples, int count, double dt, double *out) {
    (void)dt;  // Each reading stands alone.
    for (int update = 0; update < count; update++) {
        quat attitude = quat_make(0, 0, 0, 0);
        ecompass_attitude(samples[update].accelerometer, samples[update].magnetometer, &attitude);
        store_quat(out, update, attitude);
    }
}
