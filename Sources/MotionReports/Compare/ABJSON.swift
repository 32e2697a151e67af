import Foundation
import MotionResults

/// An A/B timing (`motionbench ab`) as JSON for scripts: the settings, the outcome, and per case ×
/// metric the medians, the Hodges–Lehmann shift with its interval, the signed-rank test and every
/// round's pair of figures. Absent figures are left out, never 0.
public enum ABJSON {
    /// The `schema` field's value; changes when a field changes meaning.
    public static let schema = "motionbench-ab/1"

    /// The JSON text (keys sorted, indented); the arguments as `ABMarkdown.render` takes them.
    public static func render(
        _ comparison: PairedComparison, baselineName: String, candidateName: String,
        environments: (baseline: [String], candidate: [String]) = ([], []),
        runArguments: [String]
    ) throws -> String {
        let outcome: String
        switch comparison.outcome {
        case .passed: outcome = "passed"
        case .regressed: outcome = "regressed"
        case .incomplete: outcome = "incomplete"
        }
        let document = Document(
            schema: schema, rounds: comparison.rounds, order: "ABBA", alpha: comparison.settings.alpha, runArguments: runArguments,
            baseline: Side(executable: baselineName, environment: environments.baseline),
            candidate: Side(executable: candidateName, environment: environments.candidate),
            outcome: outcome,
            rows: comparison.rows.map { Row($0, settings: comparison.settings) },
            onlyInBaseline: comparison.onlyInBaseline.map(CompareMarkdown.label),
            onlyInCandidate: comparison.onlyInCandidate.map(CompareMarkdown.label),
            environmentDifferences: comparison.environmentDifferences.map { ["field": $0.field, "baseline": $0.baseline, "candidate": $0.candidate] }
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        let schema: String
        let rounds: Int
        let order: String
        let alpha: Double
        let runArguments: [String]
        let baseline: Side
        let candidate: Side
        let outcome: String
        let rows: [Row]
        let onlyInBaseline: [String]
        let onlyInCandidate: [String]
        let environmentDifferences: [[String: String]]
    }

    private struct Side: Encodable {
        let executable: String
        let environment: [String]
    }

    private struct Row: Encodable {
        let workload: String
        let rateHz: Double
        let filter: String
        let parameters: [String: Double]
        let mode: String?
        let metric: String
        let unit: String
        let baselineMedian: Double?
        let candidateMedian: Double?
        let change: Double?
        let changePct: Double?
        let intervalLower: Double?
        let intervalUpper: Double?
        let confidence: Double?
        let pValue: Double?
        let test: String?
        let toleranceRelativePct: Double
        let toleranceAbsolute: Double
        let verdict: String
        let baselineValues: [Double]
        let candidateValues: [Double]

        init(_ row: PairedComparisonRow, settings: ComparisonSettings) {
            workload = row.subject.workload
            rateHz = row.subject.rateHz
            filter = row.subject.filter
            parameters = row.subject.parameters
            mode = row.subject.mode?.rawValue
            metric = row.metric.rawValue
            unit = row.metric.unit
            baselineMedian = row.baseline
            candidateMedian = row.candidate
            change = row.shift?.estimate
            changePct = row.changePct
            intervalLower = row.shift?.lower
            intervalUpper = row.shift?.upper
            confidence = row.shift?.confidence
            pValue = row.test?.pValue
            test = row.test.map { "wilcoxon-signed-rank-\($0.method == .exact ? "exact" : "normal")" }
            let tolerance = settings.tolerance(for: row.metric)
            toleranceRelativePct = tolerance.relativePct
            toleranceAbsolute = tolerance.absolute
            verdict = row.verdict.rawValue
            baselineValues = row.baselineValues
            candidateValues = row.candidateValues
        }
    }
}
