import Foundation
import MotionBench

/// "case i of N, ETA" on stderr, rewritten in place, only when stderr is a terminal.
struct ProgressLine {
    private let active: Bool

    init(enabled: Bool) {
        active = enabled && isatty(STDERR_FILENO) == 1
    }

    func show(_ progress: BenchmarkRunner.Progress) {
        guard active else { return }
        let eta = Int(progress.remainingSeconds.rounded(.up))
        let text = "[\(progress.index)/\(progress.total)] \(progress.spec.label) · ETA \(eta / 60):\(String(format: "%02d", eta % 60))"
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    func finish() {
        guard active else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
