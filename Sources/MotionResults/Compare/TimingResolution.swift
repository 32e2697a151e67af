/// How finely a run's timings tell two figures apart where its repetitions cannot say: on a shared
/// machine one repetition of a virtual-time case moves from run to run by more than any code change
/// worth a look, so a single run resolves only large differences (the Results page has the figures).
public enum TimingResolution {
    /// With fewer repetitions than the Mann-Whitney U test needs on either side, two virtual-time
    /// costs count as different only when one is more than this many times the other.
    public static let singleRunFactor = 2.0
}
