/// The warnings an importer gathers as it reads, with a warning that recurs row after row (the same
/// file, the same reason) kept for its first `shownPerKind` rows and only counted after that: a
/// file of a million duplicated rows costs three warnings and a count, not a million lines.
struct TraceWarnings {
    /// How many rows of one kind of warning are listed, each with its line.
    static let shownPerKind = 3

    /// One kind of warning: its file, its reason, the rows it was given for.
    private struct Kind {
        var path: String
        var reason: String
        var count: Int
    }

    private var listed: [TraceWarning] = []
    private var kinds: [Kind] = []

    /// Notes that row `line` of `path` has the problem `reason`.
    mutating func add(path: String, line: Int, reason: String) {
        if let index = kinds.firstIndex(where: { $0.reason == reason && $0.path == path }) {
            kinds[index].count += 1
            guard kinds[index].count <= Self.shownPerKind else { return }
        } else {
            kinds.append(Kind(path: path, reason: reason, count: 1))
        }
        listed.append(TraceWarning(path: path, line: line, reason: reason))
    }

    /// The warnings listed, in the order given, then for each kind given more often than listed, one
    /// saying how often in all.
    var all: [TraceWarning] {
        listed
            + kinds.filter { $0.count > Self.shownPerKind }.map { kind in
                TraceWarning(
                    path: kind.path, line: 0,
                    reason: "\(kind.reason): \(kind.count) rows in all, the first \(Self.shownPerKind) listed")
            }
    }
}
