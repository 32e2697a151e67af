// TiltCompensatedCompass.attitude: north, west and up in device axes are the rows of the attitude.
#ifndef MOTIONBENCH_ECOMPASS_H
#define MOTIONBENCH_ECOMPASS_H

#include "motion_math.h"

/// Sets *attitude from an accelerometer reading (g, Core Motion's sign) and a field; false, leaving
/// it alone, when either is zero or they are parallel.
static inline bool ecompass_attitude(vec3 acceleration, vec3 field, quat *attitude) {
    vec3 up = vec3_neg(vec3_normalized(acceleration));
    vec3 west = vec3_cross(up, field);
    if (!(vec3_length_squared(west) > 1e-12 * vec3_length_squared(field)) || vec3_is_zero(up)) {
        return false;
    }
    vec3 west_unit = vec3_normalized(west);
    *attitude = quat_from_rotation_rows(vec3_cross(west_unit, up), west_unit, up);
    return true;
}

#endif
