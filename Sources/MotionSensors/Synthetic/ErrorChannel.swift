import MotionMath

/// The random state behind one sensor's errors (see `SensorErrorModel`): a white-noise stream, and a
/// random-walk stream with the bias drift it has accumulated so far.
///
/// The two streams are separate so that turning drift on or off leaves the white noise unchanged.
struct ErrorChannel {
    private var whiteNoise: GaussianGenerator
    private var walk: GaussianGenerator
    private var drift = Vector3.zero
    private var lastTime: Double?

    /// The channel on `stream` of `seed` (its drift on `stream + 4`, clear of the four sensors').
    init(seed: UInt64, stream: UInt64) {
        whiteNoise = GaussianGenerator(SplitMix64(seed: seed, stream: stream))
        walk = GaussianGenerator(SplitMix64(seed: seed, stream: stream + 4))
    }

    /// `truth` with the bias, the drift walked up to `time` and fresh white noise on each axis.
    mutating func corrupt(_ truth: Vector3, at time: Double, by model: SensorErrorModel) -> Vector3 {
        walkDrift(to: time, by: model)
        return truth + (model.bias + drift) + whiteNoise.nextVector(standardDeviation: model.whiteNoise)
    }

    /// `truth` with the x components of the bias and drift and one white-noise draw.
    mutating func corrupt(_ truth: Double, at time: Double, by model: SensorErrorModel) -> Double {
        walkDrift(to: time, by: model)
        return truth + (model.bias.x + drift.x) + whiteNoise.next() * model.whiteNoise
    }

    /// Adds the random walk's steps since the last reading: independent increments of variance
    /// `biasRandomWalk² · Δt`, so the drift's spread grows as √t whatever the reading times.
    private mutating func walkDrift(to time: Double, by model: SensorErrorModel) {
        defer { lastTime = time }
        guard model.biasRandomWalk > 0, let lastTime, time > lastTime else { return }
        drift += walk.nextVector(standardDeviation: model.biasRandomWalk * (time - lastTime).squareRoot())
    }
}
