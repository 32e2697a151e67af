import CSystemShim

/// The flag that ends a case before its time, raised by the harness (a stop asked for, the memory
/// budget) and looked at, without allocating, by the real-time hub at each wake and by the
/// virtual-time replay between its stretches.
final class CaseStop {
    private let flag: OpaquePointer

    init() {
        guard let flag = mb_stop_signal_create() else { fatalError("out of memory for a case's stop flag") }
        self.flag = flag
    }

    deinit { mb_stop_signal_destroy(flag) }

    /// Raises the flag; it stays raised.
    func raise() { mb_stop_signal_raise(flag) }

    /// Whether the flag is raised.
    var isRaised: Bool { mb_stop_signal_wait_until_ns(flag, 0) != 0 }
}
