import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The gain of a filter at `frequency` Hz, measured the way a lock-in amplifier would: feed a unit
/// sine on every axis, let it settle, then correlate the output with sine and cosine over whole
/// periods; the x axis is read (the axes are filtered alike).
func measuredGain(frequency: Double, sampleRate: Double, filter: (Vector3) -> Vector3) -> Double {
    let samplesPerPeriod = sampleRate / frequency
    let settle = Int(200 * samplesPerPeriod), measure = Int(100 * samplesPerPeriod)
    var inPhase = 0.0, quadrature = 0.0
    for n in 0..<(settle + measure) {
        let phase = 2 * Double.pi * frequency * Double(n) / sampleRate
        let output = filter(Vector3(sin(phase), sin(phase), sin(phase))).x
        if n >= settle {
            inPhase += output * sin(phase)
            quadrature += output * cos(phase)
        }
    }
    return 2 / Double(measure) * (inPhase * inPhase + quadrature * quadrature).squareRoot()
}
