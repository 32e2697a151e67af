// GyroPrediction: start from the e-compass on the first usable update, then integrate the gyroscope.
#ifndef MOTIONBENCH_GYRO_PREDICTION_H
#define MOTIONBENCH_GYRO_PREDICTION_H

#include "fusion_geometry.h"

/// The estimate every fusion filter keeps.
typedef struct {
    quat attitude;
    bool started;
} gyro_prediction;

static inline gyro_prediction gyro_prediction_make(void) {
    return (gyro_prediction){quat_make(1, 0, 0, 0), false};
}

/// Sets *predicted to the gyroscope's prediction after dt; false on the update that starts the
/// estimate (or before any usable accelerometer reading), when there is nothing to correct.
static inline bool gyro_prediction_predict(
    gyro_prediction *prediction, vec3 gyroscope, vec3 accelerometer, const vec3 *magnetometer, double dt, quat *predicted) {
    if (!prediction->started) {
        if (fusion_initial_attitude(accelerometer, magnetometer, &prediction->attitude)) {
            prediction->started = true;
        }
        return false;
    }
    *predicted = quat_integrated(prediction->attitude, gyroscope, dt);
    return true;
}

#endif
