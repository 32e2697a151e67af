#include "CReference.h"
#include "motion_math.h"

/// Swift's min and max: the second argument when it compares so, else the first.
static inline double min_double(double a, double b) { return b < a ? b : a; }
static inline double max_double(double a, double b) { return b >= a ? b : a; }

/// Angle.signedRadians: the angle in [-π, π).
static inline double signed_radians(double radians) {
    double remainder = fmod(radians + MB_PI, 2 * MB_PI);
    return (remainder < 0 ? remainder + 2 * MB_PI : remainder) - MB_PI;
}

// TwoStageLowPass: two first-order stages in series, each with half the time constant.

typedef struct {
    vec3 value, first;
    bool primed;
} two_stage_low_pass;

static inline vec3 two_stage_low_pass_update(two_stage_low_pass *filter, vec3 input, double dt, double time_constant) {
    if (!filter->primed) {
        filter->primed = true;
        filter->first = input;
        filter->value = input;
        return filter->value;
    }
    double alpha = dt / (0.5 * time_constant + dt);
    filter->first = vec3_add(filter->first, vec3_scale(vec3_sub(input, filter->first), alpha));
    filter->value = vec3_add(filter->value, vec3_scale(vec3_sub(filter->first, filter->value), alpha));
    return filter->value;
}

// GyroBiasKalmanFilter: the bias, with a covariance kept as three rows.

typedef struct {
    vec3 bias;
    vec3 p0, p1, p2;
    double drift_rate, maximum_bias;
} gyro_bias_kalman;

static inline double dot_rows(vec3 r, vec3 v) { return vec3_dot(r, v); }

static inline vec3 covariance_times(const gyro_bias_kalman *filter, vec3 v) {
    return vec3_make(dot_rows(filter->p0, v), dot_rows(filter->p1, v), dot_rows(filter->p2, v));
}

static inline double clip(double value, double limit) { return min_double(max_double(value, -limit), limit); }

static inline vec3 gyro_bias_clipped(const gyro_bias_kalman *filter, vec3 b) {
    return vec3_make(clip(b.x, filter->maximum_bias), clip(b.y, filter->maximum_bias), clip(b.z, filter->maximum_bias));
}

static inline vec3 subtract_row(vec3 r, vec3 b, double ai, vec3 d, double ci) {
    return vec3_sub(vec3_sub(r, vec3_scale(b, ai)), vec3_scale(d, ci));
}

/// P ← P − a bᵀ − c dᵀ, symmetrised.
static inline void gyro_bias_subtract(gyro_bias_kalman *filter, vec3 a, vec3 b, vec3 c, vec3 d) {
    vec3 r0 = subtract_row(filter->p0, b, a.x, d, c.x);
    vec3 r1 = subtract_row(filter->p1, b, a.y, d, c.y);
    vec3 r2 = subtract_row(filter->p2, b, a.z, d, c.z);
    filter->p0 = vec3_scale(vec3_add(r0, vec3_make(r0.x, r1.x, r2.x)), 0.5);
    filter->p1 = vec3_scale(vec3_add(r1, vec3_make(r0.y, r1.y, r2.y)), 0.5);
    filter->p2 = vec3_scale(vec3_add(r2, vec3_make(r0.z, r1.z, r2.z)), 0.5);
}

static inline gyro_bias_kalman gyro_bias_make(double initial_uncertainty, double drift_rate, double maximum_bias) {
    double variance = initial_uncertainty * initial_uncertainty;
    return (gyro_bias_kalman){
        vec3_make(0, 0, 0), vec3_make(variance, 0, 0), vec3_make(0, variance, 0), vec3_make(0, 0, variance), drift_rate,
        maximum_bias};
}

static inline void gyro_bias_predict(gyro_bias_kalman *filter, double dt) {
    double growth = filter->drift_rate * filter->drift_rate * dt;
    filter->p0.x += growth;
    filter->p1.y += growth;
    filter->p2.z += growth;
}

/// Two measurements yᵢ ≈ rowᵢ · b with standard deviation `noise`.
static inline void gyro_bias_update2(gyro_bias_kalman *filter, vec3 row0, double y0, vec3 row1, double y1, double noise) {
    vec3 p0 = covariance_times(filter, row0), p1 = covariance_times(filter, row1);
    double variance = noise * noise;
    double s00 = vec3_dot(row0, p0) + variance, s01 = vec3_dot(row0, p1), s11 = vec3_dot(row1, p1) + variance;
    double determinant = s00 * s11 - s01 * s01;
    if (!(determinant > 0 && isfinite(determinant))) {
        return;
    }
    double i0 = y0 - vec3_dot(row0, filter->bias), i1 = y1 - vec3_dot(row1, filter->bias);
    vec3 k0 = vec3_div(vec3_sub(vec3_scale(p0, s11), vec3_scale(p1, s01)), determinant);
    vec3 k1 = vec3_div(vec3_sub(vec3_scale(p1, s00), vec3_scale(p0, s01)), determinant);
    filter->bias = gyro_bias_clipped(filter, vec3_add(vec3_add(filter->bias, vec3_scale(k0, i0)), vec3_scale(k1, i1)));
    gyro_bias_subtract(filter, k0, p0, k1, p1);
}

/// One measurement y ≈ row · b with standard deviation `noise`.
static inline void gyro_bias_update1(gyro_bias_kalman *filter, vec3 row, double y, double noise) {
    vec3 p = covariance_times(filter, row);
    double s = vec3_dot(row, p) + noise * noise;
    if (!(s > 0 && isfinite(s))) {
        return;
    }
    vec3 gain = vec3_div(p, s);
    filter->bias = gyro_bias_clipped(filter, vec3_add(filter->bias, vec3_scale(gain, y - vec3_dot(row, filter->bias))));
    gyro_bias_subtract(filter, gain, p, vec3_make(0, 0, 0), vec3_make(0, 0, 0));
}

// LaidigSeelFilter.

typedef struct {
    double inclination_time_constant, heading_time_constant, initial_bias_uncertainty, bias_drift_rate;
    double inclination_rate_noise, heading_rate_noise, maximum_bias, bias_start_delay;
} laidig_seel_settings;

typedef struct {
    laidig_seel_settings settings;
    quat gyro_attitude, inclination;
    double heading_offset;
    gyro_bias_kalman bias_filter;
    two_stage_low_pass up_low_pass, row0_low_pass, row1_low_pass, bias_low_pass;
    vec3 vertical_row;
    double vertical_bias;
    bool started;
    double elapsed, since_field;
    bool has_heading_time;
    double heading_time, heading_updates;
} laidig_seel_filter;

static laidig_seel_filter laidig_seel_make(laidig_seel_settings settings) {
    two_stage_low_pass low_pass = {vec3_make(0, 0, 0), vec3_make(0, 0, 0), false};
    return (laidig_seel_filter){
        settings, quat_make(1, 0, 0, 0), quat_make(1, 0, 0, 0), 0,
        gyro_bias_make(settings.initial_bias_uncertainty, settings.bias_drift_rate, settings.maximum_bias),
        low_pass, low_pass, low_pass, low_pass, vec3_make(0, 0, 0), 0, false, 0, 0, false, 0, 0};
}

/// The shortest rotation taking the unit vector up to (0, 0, 1); false when up points straight down.
static inline bool arc_to_vertical(vec3 up, quat *arc) {
    quat candidate = quat_make(1 + up.z, up.y, -up.x, 0);
    if (!(quat_norm(candidate) > 1e-9)) {
        return false;
    }
    *arc = quat_normalized(candidate);
    return true;
}

/// The rows of q's rotation matrix.
static inline void rotation_rows(quat q, vec3 *r0, vec3 *r1, vec3 *r2) {
    double w = q.w, x = q.x, y = q.y, z = q.z;
    *r0 = vec3_make(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y));
    *r1 = vec3_make(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x));
    *r2 = vec3_make(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y));
}

static void laidig_seel_correct_inclination(laidig_seel_filter *filter, vec3 up, double dt) {
    const laidig_seel_settings *settings = &filter->settings;
    double time_constant = min_double(settings->inclination_time_constant, max_double(filter->elapsed, dt));
    vec3 filtered = two_stage_low_pass_update(&filter->up_low_pass, quat_rotate(filter->gyro_attitude, up), dt, time_constant);
    vec3 current = vec3_normalized(quat_rotate(filter->inclination, filtered));
    quat correction;
    if (!arc_to_vertical(current, &correction)) {
        return;
    }
    filter->inclination = quat_normalized(quat_multiply(correction, filter->inclination));
    vec3 rows0, rows1, rows2;
    rotation_rows(quat_multiply(filter->inclination, filter->gyro_attitude), &rows0, &rows1, &rows2);
    vec3 row0 = two_stage_low_pass_update(&filter->row0_low_pass, rows0, dt, time_constant);
    vec3 row1 = two_stage_low_pass_update(&filter->row1_low_pass, rows1, dt, time_constant);
    vec3 b = filter->bias_filter.bias;
    vec3 rotated_bias = two_stage_low_pass_update(
        &filter->bias_low_pass, vec3_make(vec3_dot(rows0, b), vec3_dot(rows1, b), 0), dt, time_constant);
    bool heading_ready = filter->has_heading_time ? filter->heading_time > settings->heading_time_constant : true;
    if (!(filter->elapsed >= settings->bias_start_delay * settings->inclination_time_constant && heading_ready && dt > 0)) {
        return;
    }
    vec3 rate = vec3_scale(vec3_make(correction.x, correction.y, correction.z), 2 / dt);
    gyro_bias_update2(
        &filter->bias_filter, row0, rotated_bias.x - rate.x, row1, rotated_bias.y - rate.y, settings->inclination_rate_noise);
}

static void laidig_seel_track_vertical(laidig_seel_filter *filter, double dt) {
    vec3 rows0, rows1, row;
    rotation_rows(quat_multiply(filter->inclination, filter->gyro_attitude), &rows0, &rows1, &row);
    double alpha = dt / (filter->settings.heading_time_constant + dt);
    filter->vertical_row = vec3_add(filter->vertical_row, vec3_scale(vec3_sub(row, filter->vertical_row), alpha));
    filter->vertical_bias += (vec3_dot(row, filter->bias_filter.bias) - filter->vertical_bias) * alpha;
}

static void laidig_seel_correct_heading(laidig_seel_filter *filter, vec3 field, double dt) {
    const laidig_seel_settings *settings = &filter->settings;
    vec3 horizontal = quat_rotate(quat_multiply(filter->inclination, filter->gyro_attitude), field);
    if (!(horizontal.x * horizontal.x + horizontal.y * horizontal.y > 1e-12 * vec3_length_squared(field))) {
        return;
    }
    double disagreement = signed_radians(-atan2(horizontal.y, horizontal.x) - filter->heading_offset);
    filter->heading_updates += 1;
    double time = (filter->has_heading_time ? filter->heading_time : -dt) + dt;
    filter->has_heading_time = true;
    filter->heading_time = time;
    double gain = max_double(
        dt / (settings->heading_time_constant + dt), time < settings->heading_time_constant ? 1 / filter->heading_updates : 0);
    filter->heading_offset = signed_radians(filter->heading_offset + gain * disagreement);
    if (!(time > settings->heading_time_constant && filter->started && filter->elapsed > 0)) {
        return;
    }
    gyro_bias_update1(
        &filter->bias_filter, filter->vertical_row, filter->vertical_bias - disagreement / settings->heading_time_constant,
        settings->heading_rate_noise);
}

static void laidig_seel_update(laidig_seel_filter *filter, vec3 gyroscope, vec3 accelerometer, const vec3 *magnetometer, double dt) {
    vec3 up = vec3_neg(accelerometer);
    if (!filter->started) {
        if (!(vec3_length_squared(up) > 0)) {
            return;
        }
        filter->started = true;
        quat arc;
        filter->inclination = arc_to_vertical(vec3_normalized(up), &arc) ? arc : quat_make(1, 0, 0, 0);
        two_stage_low_pass_update(&filter->up_low_pass, up, 0, filter->settings.inclination_time_constant);
        if (magnetometer) {
            laidig_seel_correct_heading(filter, *magnetometer, 0);
        }
        return;
    }
    filter->elapsed += dt;
    filter->since_field += dt;
    filter->gyro_attitude = quat_integrated(filter->gyro_attitude, vec3_sub(gyroscope, filter->bias_filter.bias), dt);
    gyro_bias_predict(&filter->bias_filter, dt);
    if (vec3_length_squared(up) > 0) {
        laidig_seel_correct_inclination(filter, up, dt);
    }
    laidig_seel_track_vertical(filter, dt);
    if (magnetometer) {
        laidig_seel_correct_heading(filter, *magnetometer, filter->since_field);
        filter->since_field = 0;
    }
}

static quat laidig_seel_attitude(const laidig_seel_filter *filter) {
    quat heading = quat_make(cos(filter->heading_offset / 2), 0, 0, sin(filter->heading_offset / 2));
    return quat_multiply(quat_multiply(heading, filter->inclination), filter->gyro_attitude);
}

void mb_c_laidig_seel_run(const mb_sample *samples, int count, double dt, double *out) {
    // LaidigSeelFilter.Settings.standard.
    laidig_seel_settings settings = {3, 9, 0.2, 0.0001745, 0.002, 0.002, 0.3, 2};
    laidig_seel_filter filter = laidig_seel_make(settings);
    for (int update = 0; update < count; update++) {
        const mb_sample *sample = &samples[update];
        laidig_seel_update(&filter, sample->gyroscope, sample->accelerometer, &sample->magnetometer, dt);
        store_quat(out, update, laidig_seel_attitude(&filter));
    }
}
