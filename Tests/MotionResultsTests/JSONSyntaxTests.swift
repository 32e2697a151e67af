import Foundation
import Testing

@testable import MotionResults

/// The line and reason `JSONSyntax` gives for broken JSON, so a refused run.json names its line.
@Suite struct JSONSyntaxTests {
    @Test(
        arguments: [
            ("{\"a\": [1, 2],\n \"b\": {\"c\": null, \"d\": [true, false, -0.5e+3, \"x\\\\y\\u00e9\"]}}", nil, nil),
            ("{\"a\": 1,\n \"b\": [1,\n 2,, 3]}", 3, "expected a value"),
            ("{\"a\": 1,\n \"b\": [1,", 2, "the text ends in the middle"),
            ("{\"a\": 1\n \"b\": 2}", 2, "expected ',' or '}'"),
            ("[1, 2}", 1, "expected ',' or ']'"),
            ("{\"a\": 1} x", 1, "text after the end of the JSON"),
            ("{a: 1}", 1, "expected a field name in quotes"),
            ("{\"a\" 1}", 1, "expected ':' after a field name"),
            ("[01]", 1, "expected ',' or ']'"),
            ("[1.]", 1, "a malformed number"),
            ("[\"a\\qb\"]", 1, "an unknown escape in a string"),
            ("[\"\\u12g4\"]", 1, "a \\u escape without four hex digits"),
            ("[\"a\nb\"]", 1, "a control character in a string"),
            ("[\"abc", 1, "the text ends in the middle of a string"),
            ("[tru]", 1, "expected a value"),
            ("", 1, "the text ends in the middle"),
        ] as [(String, Int?, String?)])
    func firstErrorNamesTheLineAndWhy(text: String, line: Int?, reason: String?) {
        let found = JSONSyntax.firstError(in: Data(text.utf8))
        #expect(found?.line == line && found?.reason == reason, "\(text)")
    }

    /// A million open brackets: tracked on the heap, not the stack.
    @Test func deepNestingIsReadWithoutRecursion() {
        let found = JSONSyntax.firstError(in: Data(String(repeating: "[", count: 1_000_000).utf8))
        #expect(found?.line == 1 && found?.reason == "the text ends in the middle")
    }

    @Test func aValuesLineIsFoundByItsPath() {
        let text = "{\n  \"a\": [1, {\"b\": \"x,]}\"},\n    {\"b\":\n      [2]}],\n  \"c\": {}\n}\n"
        let data = Data(text.utf8)
        #expect(JSONSyntax.line(of: [], in: data) == 1)
        #expect(JSONSyntax.line(of: ["a", "1"], in: data) == 2)
        #expect(JSONSyntax.line(of: ["a", "2", "b"], in: data) == 4)
        #expect(JSONSyntax.line(of: ["c"], in: data) == 5)
        #expect(JSONSyntax.line(of: ["a", "3"], in: data) == nil && JSONSyntax.line(of: ["d"], in: data) == nil)
    }

    /// A field missing, a value of the wrong type or an unknown one, and a figure no measurement
    /// gives (a negative count): each refused naming the line, in a run.json that is well-formed JSON.
    @Test func aWellFormedRunFileWithAWrongValueNamesItsLine() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-json-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let valid = String(decoding: try CompareFixtures.run([CompareFixtures.repetition(cpuNs: 100)]).encoded(), as: UTF8.self)
        let cases: [(from: String, to: String, reason: String)] = [
            ("\"samples\" : 1000", "\"samples\" : -3", "cases[0].samples is -3.0, which cannot be negative"),
            ("\"mode\" : \"virtual\"", "\"mode\" : \"sideways\"", "wrong value at 'cases[0].spec.mode'"),
            ("\"samples\" : 1000", "\"samples\" : \"many\"", "wrong value at 'cases[0].samples'"),
            ("\"samples\" : 1000,", "", "missing field 'cases[0].samples'"),
        ]
        for change in cases {
            let changed = valid.replacingOccurrences(of: change.from, with: change.to)
            try Data(changed.utf8).write(to: url)
            // The changed value's line; for a missing field, that of the object lacking it, before.
            let lines = changed.components(separatedBy: "\n")
            let line = change.to.isEmpty ? nil : lines.firstIndex { $0.contains(change.to) }.map { $0 + 1 }
            #expect {
                try RunResult.load(from: url)
            } throws: { error in
                guard let error = error as? RunFileError, let found = error.line else { return false }
                return error.reason.hasPrefix(change.reason) && (line.map { found == $0 } ?? (lines[found - 1].hasSuffix("{")))
            }
        }
    }

    @Test func aRefusedRunFileNamesTheLine() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-json-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("{\n  \"schemaVersion\": 2,\n  \"cases\": [\n    {]\n".utf8).write(to: url)
        #expect {
            try RunResult.load(from: url)
        } throws: { error in
            String(describing: error) == "\(url.path):4: not a motionbench run.json (malformed JSON: expected a field name in quotes)"
        }
    }
}
