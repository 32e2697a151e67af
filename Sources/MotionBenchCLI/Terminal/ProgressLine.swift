import Foundation
import MotionBench
import MotionReports
import MotionResults

/// "case i of N, ETA" on stderr as each case starts: rewritten in place on a terminal, one plain line
/// per case elsewhere (a CI log), so a long measuring phase always shows where it is.
struct ProgressLine {
    private let enabled: Bool
    private let inPlace: Bool

    init(enabled: Bool) {
        self.enabled = enabled
        inPlace = isatty(STDERR_FILENO) == 1
    }

    func show(_ progress: BenchmarkRunner.Progress) {
        guard enabled else { return }
        let eta = Int(progress.remainingSeconds.rounded(.up))
        let text = "[\(progress.index)/\(progress.total)] \(Self.label(progress.spec)) · ETA \(eta / 60):\(String(format: "%02d", eta % 60))"
        FileHandle.standardError.write(Data((inPlace ? "\r\u{1B}[K\(text)" : "\(text)\n").utf8))
    }

    /// A short label of a case, e.g. `accelerometer 10 Hz low-pass virtual #1` or
    /// `heading native (285.7 Hz) mahony virtual #1`.
    static func label(_ spec: CaseSpec) -> String {
        let swept = spec.parameterText.isEmpty ? "" : " " + spec.parameterText
        let rate = spec.recordedTiming ? "native (\(Format.significant(spec.rateHz, 4)) Hz)" : "\(Format.hertz(spec.rateHz)) Hz"
        return "\(spec.workload) \(rate) \(spec.filter)\(swept) \(spec.mode.rawValue) #\(spec.repetition)"
    }

    func finish() {
        guard enabled, inPlace else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
