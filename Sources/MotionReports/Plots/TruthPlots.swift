import Foundation
import MotionBench

/// For each scored case group (workload, rate, parameters, timing) of a run, two line charts from
/// its emitted CSV files, the group's filters overlaid: the estimate beside the truth over time
/// (`…-estimate.svg`), and the error over time (`…-error.svg`), as `TruthComparison` says.
enum TruthPlots {
    /// A group's plots; `notes` says which emitted files were not there to plot.
    static func make(_ run: RunResult, emittedFolder: URL, selected: (String, String) -> Bool) throws -> (charts: [ReportChart], notes: [String]) {
        var charts: [ReportChart] = []
        var notes: [String] = []
        for group in groups(run) where group.members.contains(where: { selected($0.workload, $0.name) }) {
            let comparison = group.comparison
            var estimates: [LineChart.Series] = []
            var errors: [LineChart.Series] = []
            var truth: LineChart.Series?
            for member in group.members {
                let url = emittedFolder.appendingPathComponent("\(member.name).csv")
                guard FileManager.default.fileExists(atPath: url.path) else {
                    notes.append("no \(EmittedCase.folderName)/\(member.name).csv (run with --emit to plot it)")
                    continue
                }
                let file = try EmittedCSV(url: url)
                let times = try file.numbers("time_s").map { $0 ?? .nan }
                estimates.append(LineChart.Series(name: member.filter, points: Array(zip(times, try file.numbers(comparison.estimateColumn)))))
                errors.append(LineChart.Series(name: member.filter, points: Array(zip(times, try file.numbers(comparison.errorColumn)))))
                if truth == nil {
                    truth = LineChart.Series(name: "truth", points: Array(zip(times, try file.numbers(comparison.truthColumn))), isDashed: true)
                }
            }
            guard let truth else { continue }
            let subject = "\(group.workload) \(group.rateLabel)\(group.parameters)"
            let estimateTitle = "\(subject): \(comparison.axisLabel.components(separatedBy: ",")[0]) against the truth"
            charts.append(ReportChart(
                fileName: "\(RunPlots.folderName)/\(group.name)-estimate.svg", title: estimateTitle,
                svg: LineChart(
                    title: estimateTitle, xLabel: "time since the case's start, s", yLabel: comparison.axisLabel,
                    series: [truth] + estimates, wrapsAt: comparison.wraps ? 360 : nil
                ).svg()))
            let errorTitle = "\(subject): \(comparison.errorLabel.components(separatedBy: ",")[0]) over time"
            charts.append(ReportChart(
                fileName: "\(RunPlots.folderName)/\(group.name)-error.svg", title: errorTitle,
                svg: LineChart(title: errorTitle, xLabel: "time since the case's start, s", yLabel: comparison.errorLabel, series: errors).svg()))
        }
        return (charts, notes)
    }

    /// A scored case group: the filters of one workload at one rate with the same parameters.
    struct Group {
        var workload: String
        var comparison: TruthComparison
        var name: String
        var rateLabel: String
        var parameters: String
        var members: [(workload: String, filter: String, name: String)]
    }

    /// The run's scored cases (not the recorded competitors), grouped in the order they were scored.
    static func groups(_ run: RunResult) -> [Group] {
        var groups: [Group] = []
        for entry in run.accuracy where entry.recordedEstimate == nil {
            guard let comparison = TruthComparison.scored(in: entry.measures) else { continue }
            let name = EmittedCase.name(
                workload: entry.workload, rateHz: entry.rateHz, filter: nil, parameters: entry.parameters, recordedTiming: entry.recordedTiming)
            let member = (
                workload: entry.workload, filter: entry.filter,
                name: EmittedCase.name(
                    workload: entry.workload, rateHz: entry.rateHz, filter: entry.filter, parameters: entry.parameters,
                    recordedTiming: entry.recordedTiming)
            )
            if let index = groups.firstIndex(where: { $0.name == name }) {
                groups[index].members.append(member)
            } else {
                groups.append(Group(
                    workload: entry.workload, comparison: comparison, name: name,
                    rateLabel: entry.recordedTiming ? "native timing" : "\(Format.hertz(entry.rateHz)) Hz",
                    parameters: entry.parameters.isEmpty ? "" : " " + Format.parameters(entry.parameters), members: [member]))
            }
        }
        return groups
    }
}
