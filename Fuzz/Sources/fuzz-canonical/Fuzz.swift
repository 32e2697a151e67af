import FuzzSupport
import MotionSensors

/// libFuzzer's entry point: the bytes as a canonical trace file, read by `TraceReader`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzHarness.importFile(start, count) { try TraceReader.read(at: $0) }
}
