import CSystemShim

/// The resident size from `/proc/self/statm`: the same counter as `status`'s `VmRSS`, in a file the
/// kernel writes in a tenth of the time because it holds seven numbers and nothing else.
struct ProcStatm: Hashable {
    /// The second field, `resident`, in pages.
    var residentPages: UInt64

    /// Parses the text of a `statm` file; throws `ProcessProbeError.malformed` if it is not one. The
    /// parsing is the C shim's, which a sampler's periodic readings use too.
    init(parsing bytes: UnsafeRawBufferPointer) throws {
        var pages: UInt64 = 0
        guard mb_statm_resident_pages(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, &pages) == 0 else {
            throw ProcessProbeError.malformed(file: "statm", reason: "no resident page count in the second field")
        }
        residentPages = pages
    }
}
