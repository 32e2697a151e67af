import CSystemShim
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process a command starts and owns with everything it starts in turn: `ab`'s rounds, the
/// instruction counter's valgrind runs and tools.
///
/// It starts in a process group of its own, with SIGINT and SIGTERM unblocked and at their default
/// actions (a parent's blocked signals would otherwise pass on, and valgrind would ignore a stop), its
/// output into files, never pipes: a grandchild that keeps a pipe open (a detached `setsid` one) would
/// hold up whoever waits for the pipe to close. Its end is its own exit, waited for with `waitpid`.
/// Stopping it stops its group and every descendant found in /proc, whatever its group or session,
/// and, in a process that adopts orphans (`ChildProcess.adoptOrphans()`), the descendants left behind
/// by a child that ended. A second stop signal does the same before the process exits (`StopSignal`).
final class ChildProcess {
    /// How a child ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case killed(signal: Int32)
    }

    /// Why `wait` returned without the child's end.
    enum Interruption: Error {
        /// It ran past the time it was given.
        case timedOut
        /// The caller asked to stop.
        case stopRequested
    }

    /// The child's process id, also its process group's.
    let pid: pid_t
    private var ending: Ending?

    /// Makes this process adopt its orphaned descendants (Linux's child subreaper), so a child's
    /// detached grandchild is re-parented here once the child ends, to be found and stopped
    /// (`stopLeftovers`). For a command's process, before it starts its first child.
    static func adoptOrphans() {
        _ = mb_become_subreaper()
    }

    /// Starts `executable` (a path) with `arguments`, the environment `environment` (the whole of
    /// it), standard input from `input` (nil: `/dev/null`), standard output into `output` and standard
    /// error into `errors` (nil: `/dev/null`; the same file for both when they are equal). Throws
    /// `POSIXError` when it cannot be started.
    init(_ executable: String, arguments: [String], environment: [String: String], input: URL? = nil, output: URL?, errors: URL?) throws {
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, input?.path ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output?.path ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let errors, errors == output {
            posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errors?.path ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        var none = sigset_t(), stops = sigset_t()
        sigemptyset(&none)
        sigemptyset(&stops)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&stops, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &stops)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { for string in argv + variables { free(string) } }
        var pid = pid_t()
        // Started and registered as owned under the lock the sweeps take, so a sweep on another
        // thread never takes it for an orphan in between.
        let started = Self.ownership.withLock {
            let started = posix_spawn(&pid, executable, &actions, &attributes, argv, variables)
            if started == 0 { _ = mb_own_child(pid) }
            return started
        }
        guard started == 0 else { throw POSIXError(POSIXErrorCode(rawValue: started) ?? .EPERM) }
        self.pid = pid
    }

    /// Held while a child is started and registered as owned, and while a sweep looks for orphans
    /// (every child of this process not owned): children start on several threads at once (the
    /// instruction counter's jobs).
    private static let ownership = NSLock()

    /// Sends `signal` to the process tree of `root` (0: none) and, when this process adopts them, to
    /// the orphans it adopted, with no child starting meanwhile.
    private static func stopTree(_ root: pid_t, _ signal: Int32) {
        ownership.withLock { _ = mb_stop_process_tree(root, signal, 1) }
    }

    deinit {
        if ending == nil { stop(grace: 0) }
        mb_disown_child(pid)
    }

    /// Waits for the child to end: at most `timeout` seconds (nil: no limit), looking at
    /// `stopRequested` a few times a second. Throws an `Interruption` when it had not ended by then
    /// or a stop was asked for; the child is still running, for the caller to `stop`.
    func wait(timeout: Double? = nil, stopRequested: () -> Bool = { false }) throws -> Ending {
        let deadline = timeout.map { mb_monotonic_ns() + UInt64(max(0, $0) * 1e9) }
        while true {
            if let ending = reap(blocking: false) { return ending }
            if stopRequested() { throw Interruption.stopRequested }
            if let deadline, mb_monotonic_ns() >= deadline { throw Interruption.timedOut }
            usleep(20_000)
        }
    }

    /// Stops the child and every process it started: SIGTERM to them all, then, for what is left
    /// after `grace` seconds (a process that blocks or ignores SIGTERM, as valgrind may), SIGKILL;
    /// then waits for the child. The adopted orphans go too.
    func stop(grace: Double = 2) {
        if ending == nil, grace > 0 {
            Self.stopTree(pid, SIGTERM)
            let deadline = mb_monotonic_ns() + UInt64(grace * 1e9)
            while reap(blocking: false) == nil, mb_monotonic_ns() < deadline { usleep(20_000) }
        }
        Self.stopTree(ending == nil ? pid : 0, SIGKILL)
        _ = reap(blocking: true)
    }

    /// Stops what the children left running when they ended (a detached grandchild, adopted as an
    /// orphan), with everything that started, and waits for the orphans that ended meanwhile;
    /// returns how many processes were still running: this process's adopted orphans, whichever
    /// child left them.
    func stopLeftovers() -> Int {
        Self.ownership.withLock {
            let left = Int(mb_adopted_orphans())
            _ = mb_stop_process_tree(0, SIGKILL, 1)
            return left
        }
    }

    /// The child's ending once it has ended (waiting for it when `blocking`); nil while it runs.
    private func reap(blocking: Bool) -> Ending? {
        if let ending { return ending }
        var status: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while reaped < 0 && errno == EINTR
        guard reaped == pid else { return nil }
        // WIFSIGNALED and WEXITSTATUS are macros Swift cannot call: the low 7 bits hold the signal.
        let signal = status & 0x7F
        ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: signal)
        mb_disown_child(pid)
        return ending
    }
}
