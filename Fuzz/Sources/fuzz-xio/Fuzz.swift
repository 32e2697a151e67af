import FuzzSupport
import MotionSensors

/// libFuzzer's entry point: the bytes as x-io Fusion's `sensor_data.csv`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzHarness.importFile(start, count) { try XioImporter.importFile(at: $0) }
}
