import Foundation
import MotionResults

/// For each scored case group (workload, rate, parameters, timing) of a run, two line charts from
/// its emitted CSV files, the group's filters overlaid: the estimate beside the truth over time
/// (`…-estimate.svg`), and the error over time (`…-error.svg`), as `TruthPlotStyle` says.
enum TruthPlots {
    /// A group's plots; `missing` lists the emitted files that were not there to plot.
    static func make(_ run: RunResult, runFolder: URL, selected: (CaseIdentity) -> Bool) throws -> (charts: [ReportChart], missing: [String]) {
        var charts: [ReportChart] = []
        var missing: [String] = []
        let caseNames = run.caseNames
        let groups = groups(run)
        let groupNames = UniqueNames(groups.map(\.key)) { $0.groupName }
        for group in groups where group.members.contains(where: selected) {
            let style = group.style
            var estimates: [LineChart.Series] = []
            var errors: [LineChart.Series] = []
            var truth: LineChart.Series?
            for member in group.members {
                let file = RunFolder.emittedFile(caseNames[member] ?? member.name)
                let url = try RunFolder.file(file, in: runFolder)
                guard FileManager.default.fileExists(atPath: url.path) else {
                    missing.append(file)
                    continue
                }
                let emitted = try EmittedCSV(url: url)
                let times = try emitted.numbers("time_s").map { $0 ?? .nan }
                estimates.append(LineChart.Series(name: member.filter, points: Array(zip(times, try emitted.numbers(style.estimateColumn)))))
                errors.append(LineChart.Series(name: member.filter, points: Array(zip(times, try emitted.numbers(style.errorColumn)))))
                if truth == nil {
                    truth = LineChart.Series(name: "truth", points: Array(zip(times, try emitted.numbers(style.truthColumn))), isDashed: true)
                }
            }
            guard let truth else { continue }
            let key = group.key
            let rate = key.recordedTiming ? "native timing" : "\(Format.hertz(key.rateHz)) Hz"
            let subject = "\(key.workload) \(rate)" + (key.parameters.isEmpty ? "" : " " + key.parameterText)
            let name = groupNames[key]!
            let estimateTitle = "\(subject): \(style.axisLabel.components(separatedBy: ",")[0]) against the truth"
            charts.append(
                ReportChart(
                    kind: .estimateOverTime, fileName: RunFolder.plotFile("\(name)-estimate"), title: estimateTitle,
                    svg: LineChart(
                        title: estimateTitle, xLabel: "time since the case's start, s", yLabel: style.axisLabel,
                        series: [truth] + estimates, wrapsAt: style.wraps ? 360 : nil
                    ).svg()))
            let errorTitle = "\(subject): \(style.errorLabel.components(separatedBy: ",")[0]) over time"
            charts.append(
                ReportChart(
                    kind: .errorOverTime, fileName: RunFolder.plotFile("\(name)-error"), title: errorTitle,
                    svg: LineChart(title: errorTitle, xLabel: "time since the case's start, s", yLabel: style.errorLabel, series: errors).svg()))
        }
        return (charts, missing)
    }

    /// A scored case group: the filters of one workload at one rate with the same parameters.
    struct Group {
        /// The group's case with no filter in it (its filter field is empty).
        var key: CaseIdentity
        var style: TruthPlotStyle
        var members: [CaseIdentity]
    }

    /// The run's scored cases (not the recorded competitors), grouped in the order they were scored.
    static func groups(_ run: RunResult) -> [Group] {
        var groups: [Group] = []
        for entry in run.accuracy {
            guard let member = entry.identity, let style = TruthPlotStyle.scored(in: entry.measures) else { continue }
            var key = member
            key.filter = ""
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].members.append(member)
            } else {
                groups.append(Group(key: key, style: style, members: [member]))
            }
        }
        return groups
    }
}
