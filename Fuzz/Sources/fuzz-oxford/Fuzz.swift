import FuzzSupport
import MotionSensors

/// libFuzzer's entry point: the bytes as an Oxford Step Counter CSV.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzHarness.importFile(start, count) { try OxfordImporter.importFile(at: $0) }
}
