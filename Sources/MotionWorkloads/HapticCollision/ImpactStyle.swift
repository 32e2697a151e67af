/// `UIImpactFeedbackGenerator.FeedbackStyle`: the haptic screen's five buttons.
public enum ImpactStyle: String, CaseIterable, Hashable, Sendable {
    /// A small, light collision.
    case light
    /// A moderate collision.
    case medium
    /// A large, heavy collision.
    case heavy
    /// A collision between soft, flexible objects: dull, the weakest.
    case soft
    /// A collision between hard, inflexible objects: sharp, strong.
    case rigid

    /// The strength the event carries, 0 … 1 (`impactOccurred(intensity:)`), which also sets how
    /// fast the views meet. UIKit gives the styles no numbers; these order them soft < light <
    /// medium < rigid < heavy, as they feel on a phone.
    public var intensity: Double {
        switch self {
        case .soft: 0.3
        case .light: 0.4
        case .medium: 0.6
        case .rigid: 0.8
        case .heavy: 1.0
        }
    }

    /// The index of the style in `allCases`, for per-style tallies.
    var index: Int {
        switch self {
        case .light: 0
        case .medium: 1
        case .heavy: 2
        case .soft: 3
        case .rigid: 4
        }
    }
}
