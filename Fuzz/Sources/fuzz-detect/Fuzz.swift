import FuzzSupport
import MotionSensors

/// libFuzzer's entry point: the bytes as a file of any format, detected and imported by `importTrace(at:)`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzHarness.importFile(start, count) { try importTrace(at: $0) }
}
