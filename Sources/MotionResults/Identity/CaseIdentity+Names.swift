import Foundation

extension CaseIdentity {
    /// A number as names spell it: a whole number without a fraction (`10`), any other as the shortest
    /// decimal that reads back to the same value (`12.5`, `0.0001`, `100.787162`), so two values never
    /// share a spelling.
    public static func spelling(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// The rate part of names: `50hz`, or `native` for the recording's own timing.
    public var rateName: String {
        recordedTiming ? "native" : "\(Self.spelling(rateHz))hz"
    }

    /// The parameters as `name=value` joined by `;`, names sorted: `shapes=100`; empty when none.
    public var parameterText: String { Self.parameterText(parameters) }

    /// `values` as `name=value` joined by `;`, names sorted; empty when none.
    public static func parameterText(_ values: [String: Double]) -> String {
        values.keys.sorted().map { "\($0)=\(spelling(values[$0]!))" }.joined(separator: ";")
    }

    /// `workload-RATE-filter[-name=value_…]`, e.g. `heading-50hz-madgwick`, `motion-cube-60hz-raw-shapes=100`
    /// or `heading-native-mahony`: the stem of the case's emitted file. Anything but letters, digits,
    /// `.`, `=` and `-` becomes `_`, and no `..` is left, so it never names another folder. Unique among
    /// a run's cases through `UniqueNames`.
    public var name: String {
        Self.fileName([workload, rateName, filter] + (parameters.isEmpty ? [] : [parameterText]))
    }

    /// The name without the filter, `heading-50hz`: what a plot overlaying the filters of a case
    /// group is called.
    public var groupName: String {
        Self.fileName([workload, rateName] + (parameters.isEmpty ? [] : [parameterText]))
    }

    /// The stem of the chart of this case's cost against `parameter`, the others held:
    /// `sweep-motion-cube-60hz-raw-shapes`.
    public func sweepName(_ parameter: String) -> String {
        var held = self
        held.parameters[parameter] = nil
        return "sweep-" + held.name + "-" + Self.fileName([parameter])
    }

    /// The case's name in exported formats, its parts joined by `/` as Google Benchmark names an
    /// instance (`BM_name/arg:value`): `heading/50Hz/mahony/virtual`, `motion-cube/60Hz/raw/shapes:100/realtime`;
    /// `native` for the recording's own timing. Without a mode (accuracy, which does not depend on it),
    /// the name has none.
    public func exportName(mode: RunMode?) -> String {
        let rate = recordedTiming ? "native" : "\(Self.spelling(rateHz))Hz"
        let swept = parameters.keys.sorted().map { "\($0):\(Self.spelling(parameters[$0]!))" }
        return ([workload, rate, filter] + swept + (mode.map { [$0.rawValue] } ?? [])).joined(separator: "/")
    }

    /// `parts` joined by `-`, every character outside `[A-Za-z0-9.=-]` replaced by `_` and every `..` by
    /// `_.`, and one longer than `longestFileName` cut there with a digest of the whole after it: a name
    /// that stays in the folder it is written to, and that the file system takes, whatever a run's
    /// content holds (a workload named `../x`, `/tmp/x` or a thousand characters long). The one way a
    /// file name is made from a run's text: cases, case groups, sweeps and workloads
    /// (`accuracy-WORKLOAD.svg`) alike.
    public static func fileName(_ parts: [String]) -> String {
        let joined = parts.joined(separator: "-")
        var result = String(
            joined.unicodeScalars.map { scalar -> Character in
                let allowed = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || ".=-".unicodeScalars.contains(scalar))
                return allowed ? Character(scalar) : "_"
            })
        while result.contains("..") { result = result.replacingOccurrences(of: "..", with: "_.") }
        if result.count > longestFileName {
            // FNV-1a: the same digest in every process, unlike Swift's seeded hashing.
            let digest = joined.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
            let hex = String(digest, radix: 16)
            result = String(result.prefix(longestFileName - 17)) + "-" + String(repeating: "0", count: 16 - hex.count) + hex
        }
        return result.isEmpty ? "_" : result
    }

    /// The longest name `fileName` makes, leaving room within the file system's 255 bytes for what
    /// follows it (`-realtime-1-rss.svg`, `history-…-accuracy-…`, a `_2` that makes it unique).
    public static let longestFileName = 120
}
