/// One call a runner makes on a workload, at its time in seconds.
enum Tick: Equatable {
    case sample(Double)
    case frame(Double)
}

/// The calls a runner makes over `duration` seconds: sensor samples at k / rate and, for a workload
/// that animates, display frames at j / displayRate, in time order. At the same instant the sample
/// comes first, so the frame shows its effect (a Core Motion handler runs before the next refresh).
func timeline(rate: Double, displayRate: Double?, duration: Double) -> [Tick] {
    struct Instant {
        var index: Int
        var perSecond: Double
        var isFrame: Bool
    }
    func instants(perSecond: Double, isFrame: Bool) -> [Instant] {
        (0..<Int((duration * perSecond).rounded(.up))).map { Instant(index: $0, perSecond: perSecond, isFrame: isFrame) }
    }
    var all = instants(perSecond: rate, isFrame: false)
    if let displayRate { all += instants(perSecond: displayRate, isFrame: true) }
    // k / rate against j / displayRate compared as k × displayRate against j × rate: exact in Double,
    // where the two quotients could round differently for the same instant.
    all.sort { a, b in
        let lhs = Double(a.index) * b.perSecond, rhs = Double(b.index) * a.perSecond
        return lhs != rhs ? lhs < rhs : !a.isFrame && b.isFrame
    }
    return all.map { $0.isFrame ? .frame(Double($0.index) / $0.perSecond) : .sample(Double($0.index) / $0.perSecond) }
}
