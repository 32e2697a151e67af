/// Text from a file as a terminal may show it. A file's bytes reach the terminal in many ways (a
/// trace's names and notes in `trace info`, a label or a value quoted in an error, an annotation in a
/// warning, a workload's name in a run.json under `compare`), and a control character among them
/// would be obeyed: an escape sequence moves the cursor, recolours or retitles the terminal, a
/// carriage return or a newline forges a line. Shown as `\u{…}` instead, each is plain text.
public enum VisibleText {
    /// `text` with every control character (C0 and C1, DEL, the line and paragraph separators, and
    /// the bidirectional overrides that reorder what follows) written as `\u{…}`; newlines kept when
    /// `keepingNewlines`, for text of several lines the program itself laid out.
    public static func escaping(_ text: String, keepingNewlines: Bool = false) -> String {
        escaping(text, keepingNewlines: keepingNewlines) { "\\u{\(String($0, radix: 16))}" }
    }

    /// JSON `text` (whose strings escape what JSON requires) with the rest of those characters, which
    /// JSON allows raw in a string, written `\uXXXX` as JSON escapes them, its newlines kept: the same
    /// JSON, that cannot steer a terminal either.
    public static func escapingJSON(_ text: String) -> String {
        escaping(text, keepingNewlines: true) { value in
            let digits = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }

    /// `text` with each character that could steer a terminal written by `shown`, given its scalar value.
    private static func escaping(_ text: String, keepingNewlines: Bool, as shown: (UInt32) -> String) -> String {
        func hidden(_ scalar: Unicode.Scalar) -> Bool {
            if keepingNewlines && scalar == "\n" { return false }
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: return true
            default: return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            }
        }
        guard text.unicodeScalars.contains(where: hidden) else { return text }
        var visible = ""
        for scalar in text.unicodeScalars {
            if hidden(scalar) {
                visible += shown(scalar.value)
            } else {
                visible.unicodeScalars.append(scalar)
            }
        }
        return visible
    }
}
