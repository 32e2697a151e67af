import Foundation

/// Reads a labels file: what happened during a recording, marked by hand or by another tool, that a
/// workload's detected events are scored against (`--source trace:PATH,labels=FILE`).
///
/// The format is a small CSV with a header, one of two:
/// - `time,label`: an instant per row (a tap, a step);
/// - `start,end,label`: a state per row, from `start` to `end` (face down from … to …); an empty
///   `end` makes the row an instant, so one file can hold both.
///
/// Times are seconds on the recording's own clock, the one its samples are on (`motionbench trace
/// info` names it), so a file made beside a recording needs no conversion. A label is lower-case
/// words joined by hyphens (`face-down`), as workloads declare them. Rows may come in any order;
/// blank lines are skipped and `\r\n` endings accepted. Refused, naming the file and line: another
/// header, a row with another number of fields, a time that is not a finite number, an end before
/// its start, a malformed label, a row that repeats an earlier one, a file with no row, and one with
/// more than `mostLabels` rows.
public enum EventLabelsFile {
    /// The header of a file of instants.
    public static let instantHeader = ["time", "label"]
    /// The header of a file of states.
    public static let stateHeader = ["start", "end", "label"]
    /// The most rows a labels file may hold: a day of a label a second, far more than any recording's
    /// events; a file with more is refused at the row past it, before it fills memory.
    public static let mostLabels = 100_000

    /// The events in the labels file at `url`, in time order; throws `TraceError` naming the line.
    public static func read(at url: URL) throws -> [LabelledEvent] {
        let scanner = try CSVScanner(path: url.path)
        guard try scanner.next() else {
            throw scanner.error(
                "empty file: expected the header '\(instantHeader.joined(separator: ","))' or '\(stateHeader.joined(separator: ","))'")
        }
        let header = String(decoding: scanner.lineBytes, as: UTF8.self)
        let states: Bool
        switch header {
        case instantHeader.joined(separator: ","): states = false
        case stateHeader.joined(separator: ","): states = true
        default:
            throw scanner.error(
                "expected the header '\(instantHeader.joined(separator: ","))' (instants) or '\(stateHeader.joined(separator: ","))' (states), found '\(header.prefix(200))'"
            )
        }
        var events: [LabelledEvent] = []
        var lines: [LabelledEvent: Int] = [:]
        while try scanner.next() {
            guard events.count < mostLabels else { throw scanner.error("more than \(mostLabels) labels: not a labels file of one recording") }
            try scanner.expectFields(states ? 3 : 2)
            let time = try scanner.double(0, states ? "start" : "time")
            let end = states ? try scanner.optionalDouble(1, "end") : nil
            let label = try scanner.string(states ? 2 : 1)
            guard LabelledEvent.isValidLabel(label) else {
                throw scanner.error(
                    label.isEmpty ? "label is empty" : "label '\(label.prefix(80))' is not lower-case letters and digits in words joined by hyphens")
            }
            if let end, end < time { throw scanner.error("end \(end) comes before start \(time)") }
            let event = LabelledEvent(label, at: time, until: end)
            if let earlier = lines[event] { throw scanner.error("repeats line \(earlier): the same \(label) at the same time") }
            lines[event] = scanner.line
            events.append(event)
        }
        guard !events.isEmpty else { throw TraceError(path: url.path, line: scanner.line + 1, reason: "no labels after the header") }
        return events.sorted { ($0.time, $0.label) < ($1.time, $1.label) }
    }
}
