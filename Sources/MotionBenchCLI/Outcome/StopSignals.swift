import ArgumentParser
import CSystemShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT or SIGTERM during a run: the first asks it to stop after the case in flight, a second stops
/// the process at once, with the children and temporary folders it owns (`ChildProcess`,
/// `ScratchFolder`; see CSystemShim's StopSignals.c).
struct StopSignal {
    /// The signal's number.
    let number: Int32

    /// Installs the handlers; should that fail, the default ones stay, which stop at once. The first
    /// signal prints `message` (one line), the second that it stopped at once, each after the name
    /// this executable was run by.
    static func install(
        saying message: String = "stopping after the case in flight and writing what is finished (signal again to stop at once)"
    ) {
        let name = CommandContext.executableName
        // The handler prints them whenever a signal comes: copies kept for the life of the process.
        _ = mb_install_stop_signals(
            strdup("\n\(name): \(message)\n"), strdup("\n\(name): stopped at once; files already written are complete\n"))
    }

    /// The first stop signal received since `install`, or nil.
    static func received() -> StopSignal? {
        let number = mb_stop_signal_received()
        return number == 0 ? nil : StopSignal(number: number)
    }

    /// Seconds since the first stop signal came; nil before one did.
    static func secondsSinceReceived() -> Double? {
        guard received() != nil else { return nil }
        let at = mb_stop_signal_received_ns()
        return at == 0 ? 0 : Double(mb_monotonic_ns() &- at) / 1e9
    }

    /// `SIGINT` or `SIGTERM`, as run.json records it.
    var name: String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }

    /// 128 + the signal's number, as a shell reports a process the signal killed: 130 for SIGINT,
    /// 143 for SIGTERM.
    var exitCode: ExitCode { ExitCode(128 + number) }
}
