import MotionResults
import MotionSensors

/// The replay of the last virtual-time case a runner ran (`VirtualTimeCase.Replay`), kept for the
/// next case fed the same input: a plan runs a rate's filters and parameters one after another, so a
/// sweep makes each rate's lap once instead of once a case. Made before the clock starts either way,
/// so what a case measures is the same.
final class LastReplay {
    /// What a replay is made of besides the run's input: cases alike in it are fed the same lap.
    private struct Input: Equatable {
        var rateHz: Double
        var recordedTiming: Bool
        var displayRateHz: Double?
        var sampleCount: Int
        var sensors: [SensorKind]
    }

    private var last: (input: Input, replay: VirtualTimeCase.Replay)?

    /// The replay of `spec`'s `input` feeding `sensors`, made unless the last case's was the same.
    func replay(_ spec: CaseSpec, sensors: [SensorKind], input: CaseInput) -> VirtualTimeCase.Replay {
        let key = Input(
            rateHz: spec.rateHz, recordedTiming: spec.recordedTiming, displayRateHz: spec.displayRateHz, sampleCount: spec.sampleCount,
            sensors: sensors)
        if let last, last.input == key { return last.replay }
        // The last lap goes before the next is made, so two are never held at once.
        last = nil
        let replay = VirtualTimeCase.Replay(spec: spec, sensors: sensors, input: input)
        last = (key, replay)
        return replay
    }
}
