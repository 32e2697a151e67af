/// What another algorithm estimated while the trace was recorded, such as Core Motion's own
/// `CMAttitude` or a phone app's step count: a competitor to score like any filter, never the truth.
///
/// Samples reuse `GroundTruth`'s shape (time, attitude, headings, steps…) so the scorer compares
/// an estimate with the truth field by field; the label says which reference frame it uses.
public struct RecordedEstimate: Hashable, Sendable {
    /// A short identifier, unique within the trace: letters, digits, `-` and `_` (`apple-cmattitude`).
    public var id: String
    /// What produced it and in which frame, for people.
    public var label: String
    /// The estimates, in strictly increasing time.
    public var samples: [GroundTruth]

    /// Creates an estimate stream.
    public init(id: String, label: String, samples: [GroundTruth]) {
        self.id = id
        self.label = label
        self.samples = samples
    }

    /// True for a usable `id`: non-empty ASCII letters, digits, `-`, `_`, so it can sit in a CSV
    /// field and a stream name unquoted.
    public static func isValidID(_ id: Substring) -> Bool {
        !id.isEmpty
            && id.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }
}
