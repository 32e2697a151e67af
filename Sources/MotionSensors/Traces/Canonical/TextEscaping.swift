/// Escapes for the canonical format's free-text header values (names, labels, notes), which run to
/// the end of their line: a backslash, a newline or a carriage return inside them would otherwise
/// end the line early. `\\`, `\n` and `\r` are the only escapes, so every other byte stays readable.
enum TextEscaping {
    /// The text with `\`, newline and carriage return escaped.
    static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The text with escapes undone, or nil for a backslash followed by anything else.
    static func unescape(_ text: String) -> String? {
        guard text.contains("\\") else { return text }
        var plain = ""
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                switch scalar {
                case "\\": plain += "\\"
                case "n": plain += "\n"
                case "r": plain += "\r"
                default: return nil
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                plain.unicodeScalars.append(scalar)
            }
        }
        return escaping ? nil : plain
    }
}
