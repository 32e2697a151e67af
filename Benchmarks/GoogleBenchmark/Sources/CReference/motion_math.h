// Vectors and quaternions as MotionMath's Vector3 and Quaternion compute them, operation for
// operation (a division stays a division, sums keep their order), so results match to the last bit.
// Static inline, as a C programmer would share such helpers between files.
#ifndef MOTIONBENCH_MOTION_MATH_H
#define MOTIONBENCH_MOTION_MATH_H

#include <math.h>
#include <stdbool.h>

#include "KernelABI.h"

/// π, spelled out: strict C11 does not define M_PI.
#define MB_PI 3.14159265358979323846

typedef mb_vector3 vec3;

/// w + xi + yj + zk, Hamilton convention; as an attitude, device to reference.
typedef struct {
    double w, x, y, z;
} quat;

static inline vec3 vec3_make(double x, double y, double z) { return (vec3){x, y, z}; }
static inline vec3 vec3_add(vec3 a, vec3 b) { return vec3_make(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline vec3 vec3_sub(vec3 a, vec3 b) { return vec3_make(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline vec3 vec3_neg(vec3 a) { return vec3_make(-a.x, -a.y, -a.z); }
static inline vec3 vec3_scale(vec3 a, double s) { return vec3_make(a.x * s, a.y * s, a.z * s); }
static inline vec3 vec3_div(vec3 a, double d) { return vec3_make(a.x / d, a.y / d, a.z / d); }
static inline double vec3_dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline double vec3_length_squared(vec3 a) { return vec3_dot(a, a); }
static inline double vec3_length(vec3 a) { return sqrt(vec3_length_squared(a)); }
static inline bool vec3_is_zero(vec3 a) { return a.x == 0 && a.y == 0 && a.z == 0; }

static inline vec3 vec3_cross(vec3 a, vec3 b) {
    return vec3_make(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

/// Unit length, or zero for zero (rather than NaNs).
static inline vec3 vec3_normalized(vec3 a) {
    double length = vec3_length(a);
    return length > 0 ? vec3_div(a, length) : vec3_make(0, 0, 0);
}

static inline quat quat_make(double w, double x, double y, double z) { return (quat){w, x, y, z}; }
static inline quat quat_conjugate(quat q) { return quat_make(q.w, -q.x, -q.y, -q.z); }
static inline double quat_norm(quat q) { return sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z); }

static inline quat quat_normalized(quat q) {
    double norm = quat_norm(q);
    return quat_make(q.w / norm, q.x / norm, q.y / norm, q.z / norm);
}

/// q with norm 1: one Newton step when rounding took it only a few bits from 1, else quat_normalized.
static inline quat quat_renormalized(quat q) {
    double norm_squared = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
    if (!(fabs(norm_squared - 1) < 1e-8)) {
        return quat_normalized(q);
    }
    double scale = (3 - norm_squared) * 0.5;
    return quat_make(q.w * scale, q.x * scale, q.y * scale, q.z * scale);
}

/// The Hamilton product: rotating by b first, then by a.
static inline quat quat_multiply(quat a, quat b) {
    return quat_make(
        a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
        a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
        a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
        a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w);
}

/// v rotated by the unit quaternion q, in the cross-product form v + 2w(u × v) + u × 2(u × v).
static inline vec3 quat_rotate(quat q, vec3 v) {
    vec3 u = vec3_make(q.x, q.y, q.z);
    vec3 t = vec3_scale(vec3_cross(u, v), 2);
    return vec3_add(vec3_add(v, vec3_scale(t, q.w)), vec3_cross(u, t));
}

/// The rotation by `angle` about `axis` (any length; zero gives the identity).
static inline quat quat_from_axis_angle(vec3 axis, double angle) {
    double length = vec3_length(axis);
    if (!(length > 0)) {
        return quat_make(1, 0, 0, 0);
    }
    vec3 unit = vec3_div(axis, length);
    double half = angle / 2;
    double sine = sin(half);
    return quat_make(cos(half), unit.x * sine, unit.y * sine, unit.z * sine);
}

/// exp(v / 2): for |v| up to 1/4 the series of cos(|v|/2) and sin(|v|/2)/|v| in |v|², else axis and angle.
static inline quat quat_from_rotation_vector(vec3 v) {
    double h = vec3_length_squared(v) * 0.25;
    if (!(h <= 1.0 / 64)) {
        return quat_from_axis_angle(v, vec3_length(v));
    }
    double cosine = 1 + h * (-1.0 / 2 + h * (1.0 / 24 + h * (-1.0 / 720 + h * (1.0 / 40320 + h * (-1.0 / 3628800)))));
    double sine_over_length =
        0.5 + h * (-1.0 / 12 + h * (1.0 / 240 + h * (-1.0 / 10080 + h * (1.0 / 725760 + h * (-1.0 / 79833600)))));
    return quat_make(cosine, v.x * sine_over_length, v.y * sine_over_length, v.z * sine_over_length);
}

/// q after turning at body rate `rate` for `interval` seconds, renormalized.
static inline quat quat_integrated(quat q, vec3 rate, double interval) {
    return quat_renormalized(quat_multiply(q, quat_from_rotation_vector(vec3_scale(rate, interval))));
}

/// The rotation whose matrix has rows r0, r1, r2 (Shepperd's method), scalar part non-negative.
static inline quat quat_from_rotation_rows(vec3 r0, vec3 r1, vec3 r2) {
    double trace = r0.x + r1.y + r2.z;
    quat q;
    if (trace > 0) {
        double s = 2 * sqrt(1 + trace);
        q = quat_make(s / 4, (r2.y - r1.z) / s, (r0.z - r2.x) / s, (r1.x - r0.y) / s);
    } else if (r0.x > r1.y && r0.x > r2.z) {
        double s = 2 * sqrt(1 + r0.x - r1.y - r2.z);
        q = quat_make((r2.y - r1.z) / s, s / 4, (r0.y + r1.x) / s, (r0.z + r2.x) / s);
    } else if (r1.y > r2.z) {
        double s = 2 * sqrt(1 + r1.y - r0.x - r2.z);
        q = quat_make((r0.z - r2.x) / s, (r0.y + r1.x) / s, s / 4, (r1.z + r2.y) / s);
    } else {
        double s = 2 * sqrt(1 + r2.z - r0.x - r1.y);
        q = quat_make((r1.x - r0.y) / s, (r0.z + r2.x) / s, (r1.z + r2.y) / s, s / 4);
    }
    quat unit = quat_normalized(q);
    return unit.w < 0 ? quat_make(-unit.w, -unit.x, -unit.y, -unit.z) : unit;
}

/// Writes q as the output of update number `update`: w, x, y, z at 4 × update.
static inline void store_quat(double *out, int update, quat q) {
    double *slot = out + 4 * update;
    slot[0] = q.w;
    slot[1] = q.x;
    slot[2] = q.y;
    slot[3] = q.z;
}

/// Writes v as the output of update number `update`: x, y, z at 3 × update.
static inline void store_vec3(double *out, int update, vec3 v) {
    double *slot = out + 3 * update;
    slot[0] = v.x;
    slot[1] = v.y;
    slot[2] = v.z;
}

#endif
