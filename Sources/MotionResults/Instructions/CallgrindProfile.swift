/// What valgrind's callgrind counted in one run, read from its output file: each function's own
/// instructions, and for each call from one function to another the instructions spent inside it
/// (inclusive). Functions are named as the file names them (for Swift, mangled).
public struct CallgrindProfile: Sendable, Equatable {
    /// Instructions executed in each function's own code.
    public var selfCost: [String: Int] = [:]
    /// For each caller, each callee and the instructions its calls cost, callees included.
    public var calls: [String: [String: Int]] = [:]
    /// Every instruction counted (callgrind's `totals:`).
    public var total = 0

    /// A profile from its parts.
    public init(selfCost: [String: Int] = [:], calls: [String: [String: Int]] = [:], total: Int = 0) {
        self.selfCost = selfCost
        self.calls = calls
        self.total = total
    }

    /// Reads callgrind's output format (compressed names and positions, one event, `Ir`); throws
    /// `CallgrindProfileError` naming the line for anything else.
    public init(text: String) throws {
        var names: [String: String] = [:]
        var function: String?
        var callee: String?
        var costOfNextLineIsCall = false
        var lineNumber = 0
        func name(_ field: Substring) -> String {
            // "(12) name" defines id 12; "(12)" refers to it; a bare name is itself.
            guard field.hasPrefix("("), let close = field.firstIndex(of: ")") else { return String(field) }
            let id = String(field[field.index(after: field.startIndex)..<close])
            let rest = field[field.index(after: close)...].drop { $0 == " " }
            if !rest.isEmpty { names[id] = String(rest) }
            return names[id] ?? id
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.hasPrefix("fn=") {
                function = name(line.dropFirst(3))
            } else if line.hasPrefix("cfn=") {
                callee = name(line.dropFirst(4))
            } else if line.hasPrefix("calls=") {
                costOfNextLineIsCall = true
            } else if line.hasPrefix("totals:") || line.hasPrefix("summary:") {
                let value = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
                guard let value else { throw CallgrindProfileError(line: lineNumber, reason: "no count after '\(line)'") }
                total = max(total, value)
            } else if let first = line.first, first.isNumber || first == "+" || first == "-" || first == "*" {
                let fields = line.split(separator: " ")
                guard fields.count >= 2, let cost = Int(fields[1]) else {
                    throw CallgrindProfileError(line: lineNumber, reason: "a cost line without one count: '\(line)'")
                }
                guard let function else { throw CallgrindProfileError(line: lineNumber, reason: "a cost before any function") }
                if costOfNextLineIsCall, let callee {
                    calls[function, default: [:]][callee, default: 0] += cost
                    costOfNextLineIsCall = false
                } else {
                    selfCost[function, default: 0] += cost
                }
            }
        }
    }

    /// A function's instructions, its callees' included: its own plus its calls'.
    public func inclusive(_ function: String) -> Int {
        selfCost[function, default: 0] + (calls[function]?.values.reduce(0, +) ?? 0)
    }

    /// The instructions spent in `functions` (their inclusive costs, each counted once however the
    /// functions call one another).
    public func inclusive(of functions: Set<String>) -> Int {
        let roots = functions.filter { function in
            !functions.contains { $0 != function && calls[$0]?[function] != nil }
        }
        return roots.reduce(0) { $0 + inclusive($1) }
    }

    /// The call stacks as folded-stack lines' counts ("root;caller;callee" → instructions), expanded
    /// from `roots` (by default the functions nobody in the profile calls), a callee's cost under each
    /// caller in proportion to that caller's calls (callgrind records calls, not whole stacks).
    /// `rename` shows a function (demangled, shortened). A stack repeating a function ends there,
    /// keeping the rest as its own.
    public func foldedStacks(roots: Set<String>? = nil, rename: (String) -> String = { $0 }) -> FoldedStacks {
        let called = Set(calls.values.flatMap(\.keys))
        let roots = (roots ?? Set(selfCost.keys).union(calls.keys).subtracting(called)).sorted()
        var stacks: [String: Double] = [:]
        func expand(_ function: String, share: Double, path: [String], names: [String]) {
            let names = names + [rename(function)]
            let stack = names.joined(separator: ";")
            var own = Double(selfCost[function, default: 0]) * share
            for (callee, cost) in calls[function] ?? [:] where cost > 0 {
                let calleeInclusive = Double(self.inclusive(callee))
                if path.contains(callee) || path.count >= 64 || calleeInclusive == 0 {
                    own += Double(cost) * share
                } else {
                    expand(callee, share: share * Double(cost) / calleeInclusive, path: path + [callee], names: names)
                }
            }
            if own > 0 { stacks[stack, default: 0] += own }
        }
        for root in roots { expand(root, share: 1, path: [root], names: []) }
        return FoldedStacks(stacks)
    }
}

/// A callgrind output file that could not be read.
public struct CallgrindProfileError: Error, Equatable, CustomStringConvertible {
    /// The line at fault, from 1.
    public var line: Int
    /// What is wrong there.
    public var reason: String
    public var description: String { "line \(line): \(reason)" }
}
