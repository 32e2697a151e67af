import MotionMath

/// A Kalman filter for a gyroscope's bias during motion, fed by the corrections an attitude filter
/// makes (after Laidig and Seel's VQF, 2023).
///
/// A bias error `e` (device axes) turns the gyroscope's attitude at `−R e` in the reference frame
/// (`R` the attitude). The inclination correction, which takes the low-passed up direction back to
/// vertical, turns it back: its rate's horizontal part measures `R e` about the horizontal axes, and
/// the heading correction's rate measures it about the vertical. Both corrections act on low-passed
/// signals, so what they measure is the low-passed `R e`: with `R̄` and `(R b̂)‾` the same low-pass of
/// `R` and of `R b̂`, the rate plus `(R b̂)‾` measures `R̄ b` for the true bias `b`, whatever the lag.
/// That makes each measurement linear in `b`, and a standard Kalman update follows.
///
/// The covariance starts at `initialUncertainty²` on each axis and grows by `driftRate²` per second,
/// so a bias that drifts with temperature is followed. How much a measurement counts is set, as in
/// VQF, by the uncertainty the bias settles at under a steady stream of them
/// (`measurementNoise(settlingAt:dt:)`), not by a noise per measurement: the same stream at 285 Hz
/// and at 25 Hz then teaches the same bias at the same pace, where a fixed noise per measurement
/// would make the filter eleven times as quick at the faster rate, quick enough to take a passing
/// disturbance of the corrections for bias. Nothing here allocates.
struct GyroBiasKalmanFilter: Hashable, Sendable {
    /// The bias estimate, rad/s, device axes.
    private(set) var bias = Vector3.zero
    private var covariance: Matrix3
    private let driftRate: Double
    private let maximumBias: Double

    /// A filter knowing nothing beyond `initialUncertainty` (rad/s) of bias, which drifts by about
    /// `driftRate` rad/s in a second, and is never larger than `maximumBias` rad/s on any axis.
    init(initialUncertainty: Double, driftRate: Double, maximumBias: Double) {
        covariance = Matrix3(diagonal: Vector3(1, 1, 1) * (initialUncertainty * initialUncertainty))
        self.driftRate = driftRate
        self.maximumBias = maximumBias
    }

    /// The standard deviation (rad/s) to give each of a stream of measurements, `dt` seconds apart,
    /// so that the bias's uncertainty settles at `uncertainty` (rad/s): with a variance `v = q² dt`
    /// added between measurements, the steady state of `p ← (p + v) w / (p + v + w)` is `p = u²`
    /// for `w = u⁴ / v + u²`. The bias then follows a change with a time constant of about `u² / q²`.
    func measurementNoise(settlingAt uncertainty: Double, dt: Double) -> Double {
        let variance = uncertainty * uncertainty
        return (variance * variance / (driftRate * driftRate * max(dt, 1e-6)) + variance).squareRoot()
    }

    /// Whether `rate` (rad/s) can be the bias: on every axis no larger than `maximumBias` and within
    /// `tolerance` of the estimate, or within three standard deviations where the bias is known less
    /// well than that. A device at rest reads its bias; one turning steadily reads a rate the bias,
    /// once learnt, does not explain.
    func couldBeBias(_ rate: Vector3, within tolerance: Double) -> Bool {
        let difference = rate - bias, variance = Vector3(covariance.row0.x, covariance.row1.y, covariance.row2.z)
        return clipped(rate) == rate
            && abs(difference.x) <= max(tolerance, 3 * variance.x.squareRoot())
            && abs(difference.y) <= max(tolerance, 3 * variance.y.squareRoot())
            && abs(difference.z) <= max(tolerance, 3 * variance.z.squareRoot())
    }

    /// The covariance's growth over `dt` seconds.
    mutating func predict(dt: Double) {
        let growth = driftRate * driftRate * dt
        covariance.row0.x += growth
        covariance.row1.y += growth
        covariance.row2.z += growth
    }

    /// Two measurements `yᵢ ≈ rowᵢ · b` (rad/s) with standard deviation `noise`: the horizontal rows of
    /// the low-passed attitude and what they should read.
    mutating func update(_ row0: Vector3, _ y0: Double, _ row1: Vector3, _ y1: Double, noise: Double) {
        let p0 = covariance * row0, p1 = covariance * row1
        let variance = noise * noise
        let s00 = row0.dot(p0) + variance, s01 = row0.dot(p1), s11 = row1.dot(p1) + variance
        let determinant = s00 * s11 - s01 * s01
        guard determinant > 0, determinant.isFinite else { return }
        // K = [p0 p1] S⁻¹, innovation (y − C b).
        let i0 = y0 - row0.dot(bias), i1 = y1 - row1.dot(bias)
        let inverse = 1 / determinant
        let k0 = (p0 * s11 - p1 * s01) * inverse, k1 = (p1 * s00 - p0 * s01) * inverse
        bias = clipped(bias + k0 * i0 + k1 * i1)
        // P ← P − K C P = P − k0 p0ᵀ − k1 p1ᵀ.
        covariance = subtracting(covariance, k0, p0, k1, p1)
    }

    /// One measurement `y ≈ row · b` with standard deviation `noise`.
    mutating func update(_ row: Vector3, _ y: Double, noise: Double) {
        let p = covariance * row
        let s = row.dot(p) + noise * noise
        guard s > 0, s.isFinite else { return }
        let gain = p * (1 / s)
        bias = clipped(bias + gain * (y - row.dot(bias)))
        covariance = subtracting(covariance, gain, p)
    }

    /// A measurement of the whole bias, `y ≈ b` (rad/s), with standard deviation `noise` on each axis.
    mutating func update(_ y: Vector3, noise: Double) {
        update(Vector3(1, 0, 0), y.x, noise: noise)
        update(Vector3(0, 1, 0), y.y, noise: noise)
        update(Vector3(0, 0, 1), y.z, noise: noise)
    }

    private func clipped(_ b: Vector3) -> Vector3 {
        Vector3(min(max(b.x, -maximumBias), maximumBias), min(max(b.y, -maximumBias), maximumBias), min(max(b.z, -maximumBias), maximumBias))
    }

    /// `m − a bᵀ − c dᵀ`, symmetrised.
    private func subtracting(_ m: Matrix3, _ a: Vector3, _ b: Vector3, _ c: Vector3, _ d: Vector3) -> Matrix3 {
        func row(_ r: Vector3, _ ai: Double, _ ci: Double) -> Vector3 { r - b * ai - d * ci }
        return symmetrised(Matrix3(rows: row(m.row0, a.x, c.x), row(m.row1, a.y, c.y), row(m.row2, a.z, c.z)))
    }

    /// `m − a bᵀ`, symmetrised.
    private func subtracting(_ m: Matrix3, _ a: Vector3, _ b: Vector3) -> Matrix3 {
        symmetrised(Matrix3(rows: m.row0 - b * a.x, m.row1 - b * a.y, m.row2 - b * a.z))
    }

    /// `(m + mᵀ) / 2`, so that rounding leaves the covariance symmetric.
    private func symmetrised(_ m: Matrix3) -> Matrix3 {
        let (c0, c1, c2) = m.columns
        return Matrix3(rows: (m.row0 + c0) * 0.5, (m.row1 + c1) * 0.5, (m.row2 + c2) * 0.5)
    }
}
