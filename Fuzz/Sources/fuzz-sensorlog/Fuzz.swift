import FuzzSupport
import MotionSensors

/// libFuzzer's entry point: the bytes as a SensorLog CSV.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzHarness.importFile(start, count) { try SensorLogImporter.importFile(at: $0) }
}
