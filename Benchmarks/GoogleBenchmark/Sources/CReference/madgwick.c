#include "CReference.h"
#include "gyro_prediction.h"

typedef struct {
    double beta;
    gyro_prediction prediction;
} madgwick_filter;

/// The prediction turned at 2β rad/s along the summed gravity and field errors, over dt.
static void madgwick_update(madgwick_filter *filter, vec3 gyroscope, vec3 accelerometer, const vec3 *magnetometer, double dt) {
    quat predicted;
    if (!gyro_prediction_predict(&filter->prediction, gyroscope, accelerometer, magnetometer, dt, &predicted)) {
        return;
    }
    vec3 error = vec3_make(0, 0, 0);
    vec3 gravity;
    if (fusion_gravity_error(predicted, accelerometer, &gravity)) {
        error = vec3_add(error, gravity);
        vec3 field;
        if (magnetometer && fusion_field_error(predicted, accelerometer, *magnetometer, &field)) {
            error = vec3_add(error, field);
        }
    }
    filter->prediction.attitude = quat_integrated(predicted, vec3_scale(vec3_normalized(error), 2 * filter->beta), dt);
}

void mb_c_madgwick_run(const mb_sample *samples, int count, double dt, double *out) {
    madgwick_filter filter = {0.1, gyro_prediction_make()};
    for (int update = 0; update < count; update++) {
        const mb_sample *sample = &samples[update];
        madgwick_update(&filter, sample->gyroscope, sample->accelerometer, &sample->magnetometer, dt);
        store_quat(out, update, filter.prediction.attitude);
    }
}
