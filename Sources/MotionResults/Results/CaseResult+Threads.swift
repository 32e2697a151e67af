extension CaseResult {
    /// The summed CPU % of one core of the threads playing `role`; nil when none was seen.
    public func cpuPct(of role: ThreadRole) -> Double? {
        let matching = threads.filter { $0.role == role }
        return matching.isEmpty ? nil : matching.reduce(0) { $0 + $1.cpuPct }
    }
}
