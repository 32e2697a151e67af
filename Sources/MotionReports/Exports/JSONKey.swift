/// A JSON object key chosen at run time, for objects whose keys are data (Google Benchmark's counters
/// and custom context sit beside its fixed fields).
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }
}
