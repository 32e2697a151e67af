/// Text from outside (paths, host names, command lines, sources, function names) as the Markdown
/// reports place it in table cells and code spans, where a bare `|` would end a cell and a line break
/// would end the row.
public enum MarkdownText {
    /// `text` safe in a table cell: `|` escaped, and each line break shown as `\n` (or `\r`), which
    /// Markdown prints as written.
    public static func cell(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\r\n": out += "\\r\\n"
            case "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// `text` as an inline code span safe in a table cell: made a cell (`cell`), and fenced by one
    /// backtick more than the longest run of backticks it holds, with a space inside the fences when
    /// it starts or ends with one, so a backtick in a name cannot end the span.
    public static func code(_ text: String) -> String {
        let safe = cell(text)
        var longest = 0, run = 0
        for character in safe {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = safe.hasPrefix("`") || safe.hasSuffix("`") ? " " : ""
        return fence + pad + safe + pad + fence
    }
}
