#include "CReference.h"
#include "gyro_prediction.h"

typedef struct {
    double kp, ki;
    vec3 integral_correction;
    gyro_prediction prediction;
} mahony_filter;

/// The prediction turned at kp × error plus the integral of ki × error, over dt.
static void mahony_update(mahony_filter *filter, vec3 gyroscope, vec3 accelerometer, const vec3 *magnetometer, double dt) {
    quat predicted;
    if (!gyro_prediction_predict(&filter->prediction, gyroscope, accelerometer, magnetometer, dt, &predicted)) {
        return;
    }
    vec3 error = vec3_make(0, 0, 0);
    vec3 gravity;
    if (fusion_gravity_error(predicted, accelerometer, &gravity)) {
        error = vec3_add(error, gravity);
        vec3 west;
        if (magnetometer && fusion_west_error(predicted, accelerometer, *magnetometer, &west)) {
            error = vec3_add(error, west);
        }
    }
    filter->integral_correction = vec3_add(filter->integral_correction, vec3_scale(error, filter->ki * dt));
    vec3 rate = vec3_add(vec3_scale(error, filter->kp), filter->integral_correction);
    filter->prediction.attitude = quat_integrated(predicted, rate, dt);
}

void mb_c_mahony_run(const mb_sample *samples, int count, double dt, double *out) {
    mahony_filter filter = {1.0, 0.1, vec3_make(0, 0, 0), gyro_prediction_make()};
    for (int update = 0; update < count; update++) {
        const mb_sample *sample = &samples[update];
        mahony_update(&filter, sample->gyroscope, sample->accelerometer, &sample->magnetometer, dt);
        store_quat(out, update, filter.prediction.attitude);
    }
}
