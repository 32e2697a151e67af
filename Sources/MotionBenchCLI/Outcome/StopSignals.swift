import ArgumentParser
import CSystemShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT or SIGTERM during a run: the first asks it to stop after the case in flight, a second stops
/// the process at once (see CSystemShim's StopSignals.c).
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

    /// Names the process group of a child in flight (its pid: Foundation's `Process` starts each in a
    /// group of its own), which a second signal kills before the process exits; nil when none is.
    static func stopsChildGroup(_ group: Int32?) {
        mb_set_stop_child_group(group ?? 0)
    }

    /// The first stop signal received since `install`, or nil.
    static func received() -> StopSignal? {
        let number = mb_stop_signal_received()
        return number == 0 ? nil : StopSignal(number: number)
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
