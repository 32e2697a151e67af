import CSystemShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A kernel thread with a name the probe can show, started at once and joined explicitly.
///
/// Foundation's `Thread` cannot be joined and names itself late; reports need the name from the
/// thread's first instruction, so the body runs after `mb_set_current_thread_name`.
public final class NamedThread {
    /// The name given to the kernel (cut to 15 bytes on Linux).
    public let name: String
    #if canImport(Glibc)
        private var handle = pthread_t()
    #else
        private var handle: pthread_t?
    #endif
    private var joined = false

    /// Starts a thread named `name` that runs `body` once.
    public init(name: String, body: @escaping () -> Void) {
        self.name = name
        let context = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
        let result = pthread_create(
            &handle, nil,
            { raw in
                let start = Unmanaged<ThreadStart>.fromOpaque(raw!).takeRetainedValue()
                _ = start.name.withCString { mb_set_current_thread_name($0) }
                start.body()
                return nil
            }, context)
        precondition(result == 0, "pthread_create failed for thread '\(name)': error \(result)")
    }

    /// Waits for the body to return. Calling it twice is harmless.
    public func join() {
        guard !joined else { return }
        joined = true
        #if canImport(Glibc)
            pthread_join(handle, nil)
        #else
            pthread_join(handle!, nil)
        #endif
    }

    deinit { join() }
}

private final class ThreadStart {
    let name: String
    let body: () -> Void
    init(name: String, body: @escaping () -> Void) {
        self.name = name
        self.body = body
    }
}
