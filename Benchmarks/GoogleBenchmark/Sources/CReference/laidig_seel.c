#include "CReference.h"
#include "motion_math.h"

/// Swift's min and max: the second argument when it compares so, else the first.
static inline double min_double(double a, double b) { return b < a ? b : a; }
static inline double max_double(double a, double b) { return b >= a ? b : a; }

// TwoStageLowPass: two first-order stages in series, each with half the time constant.

typedef struct {
    vec3 value, first;
    bool primed;
} two_stage_low_pass;

static inline double two_stage_low_pass_gain(double dt, double time_constant) { return dt / (0.5 * time_constant + dt); }

static inline vec3 two_stage_low_pass_update(two_stage_low_pass *filter, vec3 input, double gain) {
    if (!filter->primed) {
        filter->primed = true;
        filter->first = input;
        filter->value = input;
        return filter->value;
    }
    filter->first = vec3_add(filter->first, vec3_scale(vec3_sub(input, filter->first), gain));
    filter->value = vec3_add(filter->value, vec3_scale(vec3_sub(filter->first, filter->value), gain));
    return filter->value;
}

// GyroBiasKalmanFilter: the bias, with a covariance kept as three rows.

typedef struct {
    vec3 bias;
    vec3 p0, p1, p2;
    double drift_rate, maximum_bias;
} gyro_bias_kalman;

static inline vec3 covariance_times(const gyro_bias_kalman *filter, vec3 v) {
    return vec3_make(vec3_dot(filter->p0, v), vec3_dot(filter->p1, v), vec3_dot(filter->p2, v));
}

static inline double clip(double value, double limit) { return min_double(max_double(value, -limit), limit); }

static inline vec3 gyro_bias_clipped(const gyro_bias_kalman *filter, vec3 b) {
    return vec3_make(clip(b.x, filter->maximum_bias), clip(b.y, filter->maximum_bias), clip(b.z, filter->maximum_bias));
}

static inline vec3 subtract_row(vec3 r, vec3 b, double ai, vec3 d, double ci) {
    return vec3_sub(vec3_sub(r, vec3_scale(b, ai)), vec3_scale(d, ci));
}

/// P ← (r + rᵀ) / 2.
static inline void gyro_bias_set_symmetrised(gyro_bias_kalman *filter, vec3 r0, vec3 r1, vec3 r2) {
    filter->p0 = vec3_scale(vec3_add(r0, vec3_make(r0.x, r1.x, r2.x)), 0.5);
    filter->p1 = vec3_scale(vec3_add(r1, vec3_make(r0.y, r1.y, r2.y)), 0.5);
    filter->p2 = vec3_scale(vec3_add(r2, vec3_make(r0.z, r1.z, r2.z)), 0.5);
}

/// P ← P − a bᵀ − c dᵀ, symmetrised.
static inline void gyro_bias_subtract(gyro_bias_kalman *filter, vec3 a, vec3 b, vec3 c, vec3 d) {
    gyro_bias_set_symmetrised(filter, subtract_row(filter->p0, b, a.x, d, c.x), subtract_row(filter->p1, b, a.y, d, c.y),
        subtract_row(filter->p2, b, a.z, d, c.z));
}

/// P ← P − a bᵀ, symmetrised.
static inline void gyro_bias_subtract1(gyro_bias_kalman *filter, vec3 a, vec3 b) {
    gyro_bias_set_symmetrised(filter, vec3_sub(filter->p0, vec3_scale(b, a.x)), vec3_sub(filter->p1, vec3_scale(b, a.y)),
        vec3_sub(filter->p2, vec3_scale(b, a.z)));
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
    double inverse = 1 / determinant;
    vec3 k0 = vec3_scale(vec3_sub(vec3_scale(p0, s11), vec3_scale(p1, s01)), inverse);
    vec3 k1 = vec3_scale(vec3_sub(vec3_scale(p1, s00), vec3_scale(p0, s01)), inverse);
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
    vec3 gain = vec3_scale(p, 1 / s);
    filter->bias = gyro_bias_clipped(filter, vec3_add(filter->bias, vec3_scale(gain, y - vec3_dot(row, filter->bias))));
    gyro_bias_subtract1(filter, gain, p);
}

/// The measurement noise at which the bias would settle at `uncertainty` against its drift.
static inline double gyro_bias_measurement_noise(const gyro_bias_kalman *filter, double uncertainty, double dt) {
    double variance = uncertainty * uncertainty;
    return sqrt(variance * variance / (filter->drift_rate * filter->drift_rate * max_double(dt, 1e-6)) + variance);
}

/// Whether `rate` could be the bias: within its limits, and near the bias learnt.
static inline bool gyro_bias_could_be(const gyro_bias_kalman *filter, vec3 rate, double tolerance) {
    vec3 clipped = gyro_bias_clipped(filter, rate);
    vec3 difference = vec3_sub(rate, filter->bias);
    return clipped.x == rate.x && clipped.y == rate.y && clipped.z == rate.z
        && fabs(difference.x) <= max_double(tolerance, 3 * sqrt(filter->p0.x))
        && fabs(difference.y) <= max_double(tolerance, 3 * sqrt(filter->p1.y))
        && fabs(difference.z) <= max_double(tolerance, 3 * sqrt(filter->p2.z));
}

// RestDetector.

typedef struct {
    double rate_threshold, acceleration_threshold, acceleration_drift, field_drift, time_constant, minimum_time;
    two_stage_low_pass rate_low_pass, acceleration_low_pass, field_low_pass;
    double since_field, rest_time;
    vec3 resting_acceleration, resting_field;
} rest_detector;

static inline void rest_detector_update(rest_detector *rest, vec3 gyroscope, vec3 accelerometer, const vec3 *magnetometer, double dt) {
    double rate_threshold = rest->rate_threshold, acceleration_threshold = rest->acceleration_threshold;
    bool steady = vec3_length_squared(vec3_sub(gyroscope, rest->rate_low_pass.value)) <= rate_threshold * rate_threshold
        && vec3_length_squared(vec3_sub(accelerometer, rest->acceleration_low_pass.value)) <= acceleration_threshold * acceleration_threshold;
    double gain = two_stage_low_pass_gain(dt, rest->time_constant);
    two_stage_low_pass_update(&rest->rate_low_pass, gyroscope, gain);
    vec3 acceleration = two_stage_low_pass_update(&rest->acceleration_low_pass, accelerometer, gain);
    rest->since_field += dt;
    if (magnetometer && vec3_length_squared(*magnetometer) > 0) {
        two_stage_low_pass_update(&rest->field_low_pass, *magnetometer, two_stage_low_pass_gain(rest->since_field, rest->time_constant));
        rest->since_field = 0;
    }
    vec3 field = rest->field_low_pass.value;
    double acceleration_drift = rest->acceleration_drift, field_drift = rest->field_drift;
    bool held = vec3_length_squared(vec3_sub(acceleration, rest->resting_acceleration)) <= acceleration_drift * acceleration_drift
        && vec3_length_squared(vec3_sub(field, rest->resting_field)) <= field_drift * field_drift * vec3_length_squared(field);
    if (steady && held) {
        rest->rest_time += dt;
    } else {
        rest->rest_time = 0;
        rest->resting_acceleration = acceleration;
        rest->resting_field = field;
    }
}

// LaidigSeelFilter.

typedef struct {
    double inclination_time_constant, heading_time_constant, initial_bias_uncertainty, bias_drift_rate;
    double motion_bias_uncertainty, heading_bias_uncertainty, rest_bias_uncertainty, maximum_bias, bias_start_delay;
    double rest_rate_threshold, rest_acceleration_threshold, rest_acceleration_drift, rest_field_drift, rest_bias_tolerance, rest_minimum_time;
} laidig_seel_settings;

typedef struct {
    laidig_seel_settings settings;
    quat estimate, gyro_attitude, inclination, heading;
    gyro_bias_kalman bias_filter;
    two_stage_low_pass up_low_pass, row0_low_pass, row1_low_pass, bias_low_pass;
    vec3 vertical_row;
    double vertical_bias;
    bool started;
    double elapsed, since_field;
    bool has_heading_time;
    double heading_time, heading_updates;
    rest_detector rest;
    bool resting;
} laidig_seel_filter;

static laidig_seel_filter laidig_seel_make(laidig_seel_settings settings) {
    two_stage_low_pass low_pass = {vec3_make(0, 0, 0), vec3_make(0, 0, 0), false};
    quat identity = quat_make(1, 0, 0, 0);
    return (laidig_seel_filter){
        settings, identity, identity, identity, identity,
        gyro_bias_make(settings.initial_bias_uncertainty, settings.bias_drift_rate, settings.maximum_bias),
        low_pass, low_pass, low_pass, low_pass, vec3_make(0, 0, 0), 0, false, 0, 0, false, 0, 0,
        (rest_detector){
            settings.rest_rate_threshold, settings.rest_acceleration_threshold, settings.rest_acceleration_drift, settings.rest_field_drift,
            0.5, settings.rest_minimum_time, low_pass, low_pass, low_pass, 0, 0, vec3_make(0, 0, 0), vec3_make(0, 0, 0)},
        false};
}

/// The shortest rotation taking up (any length) to (0, 0, 1); false when it is zero or points straight down.
static inline bool arc_to_vertical(vec3 up, quat *arc) {
    double length = vec3_length(up);
    double norm_squared = 2 * length * (length + up.z);
    if (!(norm_squared > 1e-18 * length * length)) {
        return false;
    }
    double scale = 1 / sqrt(norm_squared);
    *arc = quat_make((length + up.z) * scale, up.y * scale, -up.x * scale, 0);
    return true;
}

/// The rows of q's rotation matrix.
typedef struct {
    vec3 r0, r1, r2;
} rotation_rows;

static inline rotation_rows rows_of(quat q) {
    double w = q.w, x = q.x, y = q.y, z = q.z;
    return (rotation_rows){
        vec3_make(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
        vec3_make(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
        vec3_make(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))};
}

static inline bool laidig_seel_correct_inclination(laidig_seel_filter *filter, vec3 up, double gain, quat *correction) {
    vec3 filtered = two_stage_low_pass_update(&filter->up_low_pass, quat_rotate(filter->gyro_attitude, up), gain);
    if (!arc_to_vertical(quat_rotate(filter->inclination, filtered), correction)) {
        return false;
    }
    filter->inclination = quat_renormalized(quat_multiply(*correction, filter->inclination));
    return true;
}

static inline void laidig_seel_learn_bias(laidig_seel_filter *filter, quat correction, const rotation_rows *rows, double gain, double dt) {
    const laidig_seel_settings *settings = &filter->settings;
    vec3 row0 = two_stage_low_pass_update(&filter->row0_low_pass, rows->r0, gain);
    vec3 row1 = two_stage_low_pass_update(&filter->row1_low_pass, rows->r1, gain);
    vec3 b = filter->bias_filter.bias;
    vec3 rotated_bias = two_stage_low_pass_update(&filter->bias_low_pass, vec3_make(vec3_dot(rows->r0, b), vec3_dot(rows->r1, b), 0), gain);
    bool heading_ready = filter->has_heading_time ? filter->heading_time > settings->heading_time_constant : true;
    if (!(filter->elapsed >= settings->bias_start_delay * settings->inclination_time_constant && heading_ready && !filter->resting && dt > 0)) {
        return;
    }
    vec3 rate = vec3_scale(vec3_make(correction.x, correction.y, correction.z), 2 / dt);
    gyro_bias_update2(
        &filter->bias_filter, row0, rotated_bias.x - rate.x, row1, rotated_bias.y - rate.y,
        gyro_bias_measurement_noise(&filter->bias_filter, settings->motion_bias_uncertainty, dt));
}

static inline void laidig_seel_track_vertical(laidig_seel_filter *filter, vec3 row, double dt) {
    double alpha = dt / (filter->settings.heading_time_constant + dt);
    filter->vertical_row = vec3_add(filter->vertical_row, vec3_scale(vec3_sub(row, filter->vertical_row), alpha));
    filter->vertical_bias += (vec3_dot(row, filter->bias_filter.bias) - filter->vertical_bias) * alpha;
}

static inline void laidig_seel_correct_heading(laidig_seel_filter *filter, vec3 field, const rotation_rows *rows, double dt) {
    const laidig_seel_settings *settings = &filter->settings;
    double x = vec3_dot(rows->r0, field), y = vec3_dot(rows->r1, field);
    if (!(x * x + y * y > 1e-12 * vec3_length_squared(field))) {
        return;
    }
    quat heading = filter->heading;
    double cosine = heading.w * heading.w - heading.z * heading.z, sine = 2 * heading.w * heading.z;
    double disagreement = atan2(-(sine * x + cosine * y), cosine * x - sine * y);
    filter->heading_updates += 1;
    double time = (filter->has_heading_time ? filter->heading_time : -dt) + dt;
    filter->has_heading_time = true;
    filter->heading_time = time;
    double gain = max_double(
        dt / (settings->heading_time_constant + dt), time < settings->heading_time_constant ? 1 / filter->heading_updates : 0);
    quat turned = quat_renormalized(quat_multiply(heading, quat_from_rotation_vector(vec3_make(0, 0, gain * disagreement))));
    filter->heading = turned.w < 0 ? quat_make(-turned.w, 0, 0, -turned.z) : turned;
    if (!(time > settings->heading_time_constant && filter->started && filter->elapsed > 0 && !filter->resting && dt > 0)) {
        return;
    }
    gyro_bias_update1(
        &filter->bias_filter, filter->vertical_row, filter->vertical_bias - disagreement / settings->heading_time_constant,
        gyro_bias_measurement_noise(&filter->bias_filter, settings->heading_bias_uncertainty, dt));
}

static void laidig_seel_update(laidig_seel_filter *filter, vec3 gyroscope, vec3 accelerometer, const vec3 *magnetometer, double dt) {
    vec3 up = vec3_neg(accelerometer);
    if (!filter->started) {
        if (!(vec3_length_squared(up) > 0)) {
            return;
        }
        filter->started = true;
        quat arc;
        filter->inclination = arc_to_vertical(up, &arc) ? arc : quat_make(1, 0, 0, 0);
        two_stage_low_pass_update(&filter->up_low_pass, up, 0);
        if (magnetometer) {
            rotation_rows rows = rows_of(filter->inclination);
            laidig_seel_correct_heading(filter, *magnetometer, &rows, 0);
        }
        filter->estimate = quat_multiply(filter->heading, filter->inclination);
        return;
    }
    const laidig_seel_settings *settings = &filter->settings;
    filter->elapsed += dt;
    filter->since_field += dt;
    filter->gyro_attitude = quat_integrated(filter->gyro_attitude, vec3_sub(gyroscope, filter->bias_filter.bias), dt);
    gyro_bias_predict(&filter->bias_filter, dt);
    rest_detector_update(&filter->rest, gyroscope, accelerometer, magnetometer, dt);
    filter->resting = filter->rest.rest_time >= filter->rest.minimum_time
        && gyro_bias_could_be(&filter->bias_filter, filter->rest.rate_low_pass.value, settings->rest_bias_tolerance);
    if (filter->resting && dt > 0) {
        double noise = gyro_bias_measurement_noise(&filter->bias_filter, settings->rest_bias_uncertainty, dt);
        vec3 mean = filter->rest.rate_low_pass.value;
        gyro_bias_update1(&filter->bias_filter, vec3_make(1, 0, 0), mean.x, noise);
        gyro_bias_update1(&filter->bias_filter, vec3_make(0, 1, 0), mean.y, noise);
        gyro_bias_update1(&filter->bias_filter, vec3_make(0, 0, 1), mean.z, noise);
    }
    double gain = two_stage_low_pass_gain(
        dt, min_double(settings->inclination_time_constant, max_double(filter->elapsed, dt)));
    quat correction;
    bool corrected = vec3_length_squared(up) > 0 && laidig_seel_correct_inclination(filter, up, gain, &correction);
    quat levelled = quat_multiply(filter->inclination, filter->gyro_attitude);
    rotation_rows rows = rows_of(levelled);
    if (corrected) {
        laidig_seel_learn_bias(filter, correction, &rows, gain, dt);
    }
    laidig_seel_track_vertical(filter, rows.r2, dt);
    if (magnetometer) {
        laidig_seel_correct_heading(filter, *magnetometer, &rows, filter->since_field);
        filter->since_field = 0;
    }
    filter->estimate = quat_multiply(filter->heading, levelled);
}

void mb_c_laidig_seel_run(const mb_sample *samples, int count, double dt, double *out) {
    // LaidigSeelFilter.Settings.standard.
    laidig_seel_settings settings = {3, 9, 0.2, 0.0001745, 0.001, 0.0025, 0.00052, 0.3, 2, 0.035, 0.05, 0.01, 0.01, 0.035, 1.5};
    laidig_seel_filter filter = laidig_seel_make(settings);
    for (int update = 0; update < count; update++) {
        const mb_sample *sample = &samples[update];
        laidig_seel_update(&filter, sample->gyroscope, sample->accelerometer, &sample->magnetometer, dt);
        store_quat(out, update, filter.estimate);
    }
}
