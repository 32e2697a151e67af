/// A token of a manifest's Swift text, as far as finding `.package(…)` calls needs: comments and
/// white space are dropped, strings kept whole.
enum ManifestToken: Equatable {
    /// An identifier or number.
    case word(String)
    /// A string literal's value; nil when it interpolates or is a multi-line or raw string.
    case string(String?)
    /// Any other character.
    case symbol(Character)

    /// The tokens of `text`.
    static func scan(_ text: String) -> [ManifestToken] {
        let characters = Array(text)
        var tokens: [ManifestToken] = []
        var index = 0
        func starts(with prefix: String, at position: Int) -> Bool {
            position + prefix.count <= characters.count && String(characters[position..<(position + prefix.count)]) == prefix
        }
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if starts(with: "//", at: index) {
                while index < characters.count, !characters[index].isNewline { index += 1 }
            } else if starts(with: "/*", at: index) {
                var depth = 0
                repeat {
                    if starts(with: "/*", at: index) {
                        depth += 1
                        index += 2
                    } else if starts(with: "*/", at: index) {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while depth > 0 && index < characters.count
            } else if character == "#" || starts(with: "\"\"\"", at: index) {
                // A raw (`#"…"#`) or multi-line string: skipped to its end, its value not read.
                let hashes = characters[index...].prefix { $0 == "#" }.count
                let quotes = starts(with: "\"\"\"", at: index + hashes) ? "\"\"\"" : "\""
                guard starts(with: quotes, at: index + hashes) else {
                    tokens.append(.symbol(character))
                    index += 1
                    continue
                }
                let closing = quotes + String(repeating: "#", count: hashes)
                index += hashes + quotes.count
                while index < characters.count, !starts(with: closing, at: index) {
                    index += characters[index] == "\\" && hashes == 0 ? 2 : 1
                }
                index += closing.count
                tokens.append(.string(nil))
            } else if character == "\"" {
                var value = ""
                var literal = true
                index += 1
                while index < characters.count, characters[index] != "\"", !characters[index].isNewline {
                    if characters[index] == "\\", index + 1 < characters.count {
                        let escaped = characters[index + 1]
                        switch escaped {
                        case "\\", "\"", "'": value.append(escaped)
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        default: literal = false
                        }
                        index += 2
                    } else {
                        value.append(characters[index])
                        index += 1
                    }
                }
                index += 1
                tokens.append(.string(literal ? value : nil))
            } else if character.isLetter || character.isNumber || character == "_" {
                let word = characters[index...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                tokens.append(.word(String(word)))
                index += word.count
            } else {
                tokens.append(.symbol(character))
                index += 1
            }
        }
        return tokens
    }
}
