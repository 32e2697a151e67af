/// The probe for the platform this runs on: `LinuxProcessProbe` on Linux, `DarwinProcessProbe` on
/// Apple platforms. Throws when the platform has neither, or its kernel files cannot be opened.
public func makeProcessProbe() throws -> ProcessProbe {
    #if os(Linux)
        return try LinuxProcessProbe()
    #elseif canImport(Darwin)
        return DarwinProcessProbe()
    #else
        throw ProcessProbeError.unsupportedPlatform
    #endif
}
