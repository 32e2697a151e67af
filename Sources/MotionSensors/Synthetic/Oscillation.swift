import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A periodic motion of the device in the North-West-Up frame, as a sum of sinusoids: a hand tracing
/// a figure-eight, a car body's vibration.
///
/// Position `Σ aₖ sin(2π fₖ t + φₖ)`, so velocity and acceleration are exact derivatives.
public struct Oscillation: Hashable, Sendable {
    /// One sinusoid.
    public struct Term: Hashable, Sendable {
        /// The swing's amplitude along each reference axis, in metres.
        public var amplitude: Vector3
        /// Its frequency, in Hz.
        public var frequency: Double
        /// Its phase at t = 0, in radians.
        public var phase: Double

        /// Creates the term.
        public init(amplitude: Vector3, frequency: Double, phase: Double = 0) {
            self.amplitude = amplitude
            self.frequency = frequency
            self.phase = phase
        }
    }

    /// The sinusoids added together.
    public var terms: [Term]

    /// Creates the motion.
    public init(_ terms: [Term]) {
        self.terms = terms
    }

    /// Position, velocity and acceleration at `time`.
    public func kinematics(at time: Double) -> Kinematics {
        var state = Kinematics.rest
        for term in terms {
            let angularFrequency = 2 * Double.pi * term.frequency
            let angle = angularFrequency * time + term.phase
            let (sine, cosine) = (sin(angle), cos(angle))
            state.position += term.amplitude * sine
            state.velocity += term.amplitude * (angularFrequency * cosine)
            state.acceleration -= term.amplitude * (angularFrequency * angularFrequency * sine)
        }
        return state
    }
}
