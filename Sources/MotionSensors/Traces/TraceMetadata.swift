/// What a trace is and where it came from, carried through conversion unchanged.
public struct TraceMetadata: Hashable, Sendable {
    /// The recording's name (a trial folder's or file's name).
    public var name: String
    /// The dataset it belongs to, as its folder under `traces/` is called (`oxford-step-counter`).
    public var dataset: String
    /// The recording device, as the dataset names it.
    public var device: String
    /// The data's licence, as an SPDX-style name (`CC-BY-4.0`).
    public var licence: String
    /// What the timestamps count from, since each dataset's clock differs ("seconds since phone boot").
    public var clock: String
    /// Each stream's nominal rate in Hz as the dataset documents it (the measured one is in `TraceInfo`).
    public var nominalRates: [TraceStream: Double]
    /// Anything a user of the trace must know: frame alignment left to do, rows dropped at import.
    public var notes: [String]

    /// Creates metadata; everything but the name may be left empty.
    public init(
        name: String, dataset: String = "", device: String = "", licence: String = "", clock: String = "",
        nominalRates: [TraceStream: Double] = [:], notes: [String] = []
    ) {
        self.name = name
        self.dataset = dataset
        self.device = device
        self.licence = licence
        self.clock = clock
        self.nominalRates = nominalRates
        self.notes = notes
    }
}
