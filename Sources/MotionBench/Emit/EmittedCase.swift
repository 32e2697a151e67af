import Foundation

/// One file `run --emit` writes: a distinct case (workload, rate, filter, parameters, timing), whose
/// modes and repetitions compute the same outputs, named so the name stays a single plain file name
/// inside the run folder whatever its parameters or filter hold.
public struct EmittedCase: Equatable, Sendable {
    /// The folder, inside the run folder, that holds the emitted CSV files.
    public static let folderName = "emitted"

    /// The case replayed (its first mode and repetition in the plan).
    public var spec: CaseSpec

    /// Creates one for `spec`.
    public init(_ spec: CaseSpec) {
        self.spec = spec
    }

    /// The plan's distinct cases, in the order they first appear.
    public static func distinct(_ cases: [CaseSpec]) -> [EmittedCase] {
        var seen = Set<String>()
        return cases.filter { seen.insert(EmittedCase($0).name).inserted }.map(EmittedCase.init)
    }

    /// `workload-RATEhz-filter[-name=value_…]`, e.g. `heading-50hz-madgwick` or
    /// `motion-cube-60hz-raw-shapes=100`; `native` for a recording's own timing. Anything but letters,
    /// digits, `.`, `=` and `-` becomes `_`, and no `..` is left, so it never names another folder.
    public var name: String {
        Self.name(workload: spec.workload, rateHz: spec.rateHz, filter: spec.filter, parameters: spec.parameters, recordedTiming: spec.recordedTiming)
    }

    /// The name of a case from its parts; without a filter, the name of the case's filters together
    /// (what a plot overlaying them is called).
    public static func name(workload: String, rateHz: Double, filter: String?, parameters: [String: Double], recordedTiming: Bool) -> String {
        var parts = [workload, recordedTiming ? "native" : "\(Format.hertz(rateHz))hz"]
        if let filter { parts.append(filter) }
        if !parameters.isEmpty { parts.append(Format.parameters(parameters)) }
        return sanitized(parts.joined(separator: "-"))
    }

    /// The CSV file's path relative to the run folder, e.g. `emitted/heading-50hz-madgwick.csv`.
    public var relativePath: String { "\(Self.folderName)/\(name).csv" }

    /// `text` with every character outside `[A-Za-z0-9.=-]` replaced by `_` and every `..` by `_.`.
    static func sanitized(_ text: String) -> String {
        var result = String(text.unicodeScalars.map { scalar -> Character in
            let allowed = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || ".=-".unicodeScalars.contains(scalar))
            return allowed ? Character(scalar) : "_"
        })
        while result.contains("..") { result = result.replacingOccurrences(of: "..", with: "_.") }
        return result.isEmpty ? "_" : result
    }
}
