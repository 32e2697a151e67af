import MotionResults

/// The accuracy errors the exported formats carry, named as `accuracy.csv`'s columns.
enum AccuracyFigures {
    /// One error: its name, its unit, its value.
    struct Figure: Equatable {
        var name: String
        var unit: String
        var value: Double
    }

    /// Every error measured: attitude (total, tilt, heading: median, p95, RMS), the step count's error
    /// and relative altitude's, and the detected events' scores (every label pooled). What was not
    /// measured is left out.
    static func all(_ measures: AccuracyMeasures) -> [Figure] {
        var figures: [Figure] = []
        if let attitude = measures.attitude {
            for (part, summary) in [("total", attitude.total), ("tilt", attitude.tilt), ("heading", attitude.heading)] {
                figures += [("median", summary.median), ("p95", summary.p95), ("rms", summary.rms)].map {
                    Figure(name: "\(part)_\($0.0)_deg", unit: "deg", value: $0.1)
                }
            }
        }
        if let steps = measures.steps {
            figures.append(Figure(name: "steps_error", unit: "steps", value: Double(steps.error)))
            if let percent = steps.errorPercent { figures.append(Figure(name: "steps_error_pct", unit: "%", value: percent)) }
        }
        if let altitude = measures.altitude {
            figures += [("median", altitude.median), ("p95", altitude.p95), ("rms", altitude.rms), ("max", altitude.maximum)].map {
                Figure(name: "altitude_\($0.0)_m", unit: "m", value: $0.1)
            }
        }
        if let events = measures.events?.pooled {
            let scores: [(String, String, Double?)] = [
                ("event_precision", "0-1", events.precision), ("event_recall", "0-1", events.recall), ("event_f1", "0-1", events.f1),
                ("event_latency_median_s", "s", events.latency?.median), ("event_latency_p95_s", "s", events.latency?.p95),
                ("event_time_right", "0-1", events.timeRight),
            ]
            figures += scores.compactMap { name, unit, value in value.map { Figure(name: name, unit: unit, value: $0) } }
        }
        return figures
    }

    /// The errors a dashboard follows, each smaller-is-better: the median total attitude error, the size
    /// of the step count's error in percent, the median altitude error, and what the detected events'
    /// F1 falls short of 1 (every label pooled).
    static func headline(_ measures: AccuracyMeasures) -> [Figure] {
        var figures: [Figure] = []
        if let attitude = measures.attitude {
            figures.append(Figure(name: "total_median_deg", unit: "deg", value: attitude.total.median))
        }
        if let percent = measures.steps?.errorPercent {
            figures.append(Figure(name: "steps_abs_error_pct", unit: "%", value: abs(percent)))
        }
        if let altitude = measures.altitude {
            figures.append(Figure(name: "altitude_median_m", unit: "m", value: altitude.median))
        }
        if let f1 = measures.events?.pooled?.f1 {
            figures.append(Figure(name: "event_f1_shortfall", unit: "1 - F1", value: 1 - f1))
        }
        return figures
    }
}
