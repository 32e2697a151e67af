import FuzzSupport
import MotionSensors

/// libFuzzer's entry point: one file of a tyrex trial folder, chosen by the first byte (see `FuzzedTrial`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzedTrial.importTrial(start, count)
}
