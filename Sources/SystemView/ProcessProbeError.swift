/// Why a probe could not read the process: the kernel refused, or answered in a shape we do not know.
///
/// A thread that ends while it is being read is not an error; the probe leaves it out of the snapshot.
public enum ProcessProbeError: Error, Hashable, CustomStringConvertible {
    /// A system call on a kernel file failed with `errno`.
    case systemCall(String, path: String, errno: Int32)
    /// A Mach call failed with the given `kern_return_t`.
    case machCall(String, code: Int32)
    /// A kernel file's text did not have the layout its parser expects.
    case malformed(file: String, reason: String)
    /// No producer exists for this platform.
    case unsupportedPlatform

    /// One line for a log or a report.
    public var description: String {
        switch self {
        case let .systemCall(call, path, code): return "\(call)(\(path)) failed: errno \(code)"
        case let .machCall(call, code): return "\(call) failed: kern_return_t \(code)"
        case let .malformed(file, reason): return "unexpected \(file) text: \(reason)"
        case .unsupportedPlatform: return "no process probe for this platform"
        }
    }
}
