import CSystemShim

/// The sanitizer runtime loaded in this process, if any: a build made with `--sanitize=address` or
/// `--sanitize=thread`. Such a build replaces the allocator and keeps shadow memory, so its memory
/// figures are not the program's own, and valgrind cannot run it.
public enum LoadedSanitizer {
    /// "AddressSanitizer" or "ThreadSanitizer", or nil in a plain build.
    public static var name: String? { mb_loaded_sanitizer().map { String(cString: $0) } }
}
