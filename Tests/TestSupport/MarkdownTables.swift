/// Checks that every table in a Markdown text is whole: each row of a table has as many cells as its
/// header, and a table ends with a blank line, not a stray line a line break in a cell would leave.
public enum MarkdownTables {
    /// The rows (and stray lines) that break a table in `markdown`; empty when every table is whole.
    public static func brokenRows(in markdown: String) -> [String] {
        var broken: [String] = []
        var cells: Int?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("|") {
                let count = unescapedBars(line)
                if let cells, count != cells { broken.append(line) }
                cells = cells ?? count
            } else {
                if cells != nil, !line.isEmpty { broken.append(line) }
                cells = nil
            }
        }
        return broken
    }

    /// The `|` in `line` not escaped by a backslash.
    private static func unescapedBars(_ line: String) -> Int {
        var count = 0, escaped = false
        for character in line {
            if character == "|", !escaped { count += 1 }
            escaped = character == "\\" && !escaped
        }
        return count
    }
}
