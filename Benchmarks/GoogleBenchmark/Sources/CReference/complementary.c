#include "CReference.h"
#include "gyro_prediction.h"

typedef struct {
    double time_constant;
    gyro_prediction prediction;
} complementary_filter;

/// The e-compass's attitude, or `predicted` levelled onto the accelerometer's up by the shortest arc
/// when the field gives no north; false without an up (or with up straight down).
static bool complementary_target(quat predicted, vec3 accelerometer, const vec3 *magnetometer, quat *target) {
    if (magnetometer && ecompass_attitude(accelerometer, *magnetometer, target)) {
        return true;
    }
    vec3 up = quat_rotate(predicted, vec3_neg(vec3_normalized(accelerometer)));
    if (vec3_is_zero(up)) {
        return false;
    }
    quat arc = quat_make(1 + up.z, up.y, -up.x, 0);
    if (!(quat_norm(arc) > 1e-9)) {
        return false;
    }
    *target = quat_multiply(quat_normalized(arc), predicted);
    return true;
}

/// Integrates the gyroscope, then moves dt / (τ + dt) of the way to the target, on its hemisphere.
static void complementary_update(
    complementary_filter *filter, vec3 gyroscope, vec3 accelerometer, const vec3 *magnetometer, double dt) {
    quat predicted;
    if (!gyro_prediction_predict(&filter->prediction, gyroscope, accelerometer, magnetometer, dt, &predicted)) {
        return;
    }
    filter->prediction.attitude = predicted;
    quat target;
    if (!complementary_target(predicted, accelerometer, magnetometer, &target)) {
        return;
    }
    double weight = dt / (filter->time_constant + dt);
    double dot = predicted.w * target.w + predicted.x * target.x + predicted.y * target.y + predicted.z * target.z;
    double sign = dot < 0 ? -1 : 1;
    filter->prediction.attitude = quat_normalized(quat_make(
        predicted.w + weight * (sign * target.w - predicted.w),
        predicted.x + weight * (sign * target.x - predicted.x),
        predicted.y + weight * (sign * target.y - predicted.y),
        predicted.z + weight * (sign * target.z - predicted.z)));
}

void mb_c_complementary_run(const mb_sample *samples, int count, double dt, double *out) {
    complementary_filter filter = {1.0, gyro_prediction_make()};
    for (int update = 0; update < count; update++) {
        const mb_sample *sample = &samples[update];
        complementary_update(&filter, sample->gyroscope, sample->accelerometer, &sample->magnetometer, dt);
        store_quat(out, update, filter.prediction.attitude);
    }
}
