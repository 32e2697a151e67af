// FusionGeometry: where the fusion filters start, and their errors, measured × predicted directions.
#ifndef MOTIONBENCH_FUSION_GEOMETRY_H
#define MOTIONBENCH_FUSION_GEOMETRY_H

#include <stddef.h>

#include "ecompass.h"

/// The e-compass's attitude, or without a field (NULL or unusable) the tilt with x (else y) as north.
static inline bool fusion_initial_attitude(vec3 accelerometer, const vec3 *magnetometer, quat *attitude) {
    if (magnetometer && ecompass_attitude(accelerometer, *magnetometer, attitude)) {
        return true;
    }
    return ecompass_attitude(accelerometer, vec3_make(1, 0, 0), attitude)
        || ecompass_attitude(accelerometer, vec3_make(0, 1, 0), attitude);
}

/// Measured up × predicted up; false for a zero reading.
static inline bool fusion_gravity_error(quat attitude, vec3 accelerometer, vec3 *error) {
    vec3 up = vec3_neg(vec3_normalized(accelerometer));
    if (vec3_is_zero(up)) {
        return false;
    }
    *error = vec3_cross(up, quat_rotate(quat_conjugate(attitude), vec3_make(0, 0, 1)));
    return true;
}

/// Whether the readings' cross product is long enough, relative to their sizes, for a north.
static inline bool fusion_points_north(vec3 west, vec3 accelerometer, vec3 magnetometer) {
    return vec3_length_squared(west) > 1e-12 * vec3_length_squared(magnetometer) * vec3_length_squared(accelerometer);
}

/// Measured west (field × accelerometer) × predicted west; false without a north.
static inline bool fusion_west_error(quat attitude, vec3 accelerometer, vec3 magnetometer, vec3 *error) {
    vec3 west = vec3_cross(magnetometer, accelerometer);
    if (!fusion_points_north(west, accelerometer, magnetometer)) {
        return false;
    }
    *error = vec3_cross(vec3_normalized(west), quat_rotate(quat_conjugate(attitude), vec3_make(0, 1, 0)));
    return true;
}

/// Madgwick's: the field × the field predicted from a reference with the measured dip; false without a north.
static inline bool fusion_field_error(quat attitude, vec3 accelerometer, vec3 magnetometer, vec3 *error) {
    if (!fusion_points_north(vec3_cross(magnetometer, accelerometer), accelerometer, magnetometer)) {
        return false;
    }
    vec3 field = vec3_normalized(magnetometer);
    vec3 h = quat_rotate(attitude, field);
    vec3 reference = vec3_make(sqrt(h.x * h.x + h.y * h.y), 0, h.z);
    *error = vec3_cross(field, quat_rotate(quat_conjugate(attitude), reference));
    return true;
}

#endif
