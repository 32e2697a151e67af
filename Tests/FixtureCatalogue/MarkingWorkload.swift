import Foundation
import MotionSensors
import MotionWorkloads

/// A workload that marks each case it finishes: when the harness takes its outputs, the case's last
/// step before the run keeps it, it appends a byte to the file `MOTIONBENCH_FIXTURE_MARKS` names. A
/// test that kills a run counts the marks: every case marked but the last must have been kept.
final class MarkingWorkload: Workload {
    static let descriptor = WorkloadDescriptor.fixture(name: "marking", summary: "marks each case it finishes in a file")

    private var samples = 0

    init(configuration: WorkloadConfiguration) throws {}

    func handle(_ sample: SensorSample) {
        samples += 1
    }

    func renderFrame(at time: Double) {}

    var outputSummary: [String: Double] {
        if let path = ProcessInfo.processInfo.environment["MOTIONBENCH_FIXTURE_MARKS"] {
            let file = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
            if file >= 0 {
                _ = write(file, "+", 1)
                close(file)
            }
        }
        return ["samples": Double(samples)]
    }
}
