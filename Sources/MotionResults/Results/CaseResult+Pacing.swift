import Foundation

extension CaseResult {
    /// Real time: the share of the case's sample ticks its workload did not handle in the case's time
    /// (missed by the pacer, refused by a full queue, or still queued at the end); nil in virtual time.
    public var unhandledShare: Double? {
        guard spec.mode == .realtime, let missed, let dropped else { return nil }
        let due = samples + missed + dropped
        return due > 0 ? Double(missed + dropped) / Double(due) : nil
    }

    /// Real time: whether the workload fell behind its rate: more than 1 % of the case's ticks went
    /// unhandled, so its figures are those of a workload that did not keep up.
    public var fellBehind: Bool {
        (unhandledShare ?? 0) > 0.01
    }

    /// Real time: how far the workload kept up, e.g. `handled 5 of 120 ticks (115 dropped, 0 missed),
    /// 2.0 Hz achieved of 60 Hz`.
    public var pacingSummary: String {
        let missed = missed ?? 0, dropped = dropped ?? 0
        let achieved = achievedHz.map { String(format: "%.1f Hz", $0) } ?? "no rate"
        return "handled \(samples) of \(samples + missed + dropped) ticks (\(dropped) dropped, \(missed) missed), "
            + "\(achieved) achieved of \(CaseIdentity.spelling(spec.rateHz)) Hz"
    }
}
