import Foundation

/// Where a JSON text first breaks the grammar, so that a message can name the line: Foundation's
/// decoder on Linux says only that the data is not valid JSON. Read only after a decoder refused a
/// file, so it is written for plainness, not speed; nesting is tracked on a stack of its own, so a
/// hostile file nested a million deep cannot overflow the thread's.
enum JSONSyntax {
    /// The first error in `data`: its 1-based line and what is wrong there; nil for well-formed JSON.
    static func firstError(in data: Data) -> (line: Int, reason: String)? {
        let bytes = [UInt8](data)
        var scanner = Scanner(bytes: bytes)
        guard let reason = scanner.firstError() else { return nil }
        let line = 1 + bytes[..<min(scanner.index, bytes.count)].lazy.filter { $0 == UInt8(ascii: "\n") }.count
        return (line, reason)
    }

    /// The 1-based line where the value at `path` starts in `data` (well-formed JSON), each step an
    /// object's key or an array's index in decimal, as a decoder's coding path names them; nil when
    /// there is no such value.
    static func line(of path: [String], in data: Data) -> Int? {
        let bytes = [UInt8](data)
        var walker = Walker(bytes: bytes)
        guard let start = walker.find(path[...]) else { return nil }
        return 1 + bytes[..<min(start, bytes.count)].lazy.filter { $0 == UInt8(ascii: "\n") }.count
    }

    /// Walks well-formed JSON down one path, skipping every other value whole.
    private struct Walker {
        let bytes: [UInt8]
        var index = 0

        /// The index where the value at `path` below the value at `index` starts.
        mutating func find(_ path: ArraySlice<String>) -> Int? {
            var path = path
            while true {
                skipWhitespace()
                guard let step = path.first else { return index }
                guard index < bytes.count else { return nil }
                let inObject = bytes[index] == UInt8(ascii: "{")
                guard inObject || bytes[index] == UInt8(ascii: "[") else { return nil }
                index += 1
                var position = 0
                var found = false
                while !found {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] != UInt8(ascii: "}"), bytes[index] != UInt8(ascii: "]") else { return nil }
                    if inObject {
                        let key = string()
                        skipWhitespace()
                        index += 1  // the ':'
                        found = key == step
                    } else {
                        found = String(position) == step
                        position += 1
                    }
                    if found { break }
                    skipValue()
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
                }
                path = path.dropFirst()
            }
        }

        private mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// A string's raw text, from its opening quote past its closing one.
        private mutating func string() -> String {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            defer { index += 1 }
            return String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
        }

        /// Past the value at `index`, however deeply nested, counting brackets outside strings.
        private mutating func skipValue() {
            var depth = 0
            repeat {
                guard index < bytes.count else { return }
                switch bytes[index] {
                case UInt8(ascii: "\""): _ = string()
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    index += 1
                case UInt8(ascii: ","):
                    if depth == 0 { return }
                    index += 1
                default:
                    index += 1
                }
            } while depth > 0 || (index < bytes.count && ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[index]))
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        private enum Expecting { case value, key, afterValue }

        mutating func firstError() -> String? {
            var open: [UInt8] = []  // the containers entered: `{` or `[`
            var expecting = Expecting.value
            while true {
                skipWhitespace()
                if index == bytes.count {
                    return open.isEmpty && expecting == .afterValue ? nil : "the text ends in the middle"
                }
                let byte = bytes[index]
                switch expecting {
                case .value:
                    switch byte {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        index += 1
                        skipWhitespace()
                        let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                        if index < bytes.count, bytes[index] == close {
                            index += 1
                            expecting = .afterValue
                        } else {
                            open.append(byte)
                            expecting = byte == UInt8(ascii: "{") ? .key : .value
                        }
                    case UInt8(ascii: "\""):
                        if let error = string() { return error }
                        expecting = .afterValue
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        if let error = number() { return error }
                        expecting = .afterValue
                    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                        guard let word = ["true", "false", "null"].first(where: { bytes[index...].starts(with: $0.utf8) }) else {
                            return "expected a value"
                        }
                        index += word.utf8.count
                        expecting = .afterValue
                    default:
                        return "expected a value"
                    }
                case .key:
                    guard byte == UInt8(ascii: "\"") else { return "expected a field name in quotes" }
                    if let error = string() { return error }
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return "expected ':' after a field name" }
                    index += 1
                    expecting = .value
                case .afterValue:
                    guard let container = open.last else { return "text after the end of the JSON" }
                    let close = container == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        expecting = container == UInt8(ascii: "{") ? .key : .value
                    } else if byte == close {
                        index += 1
                        open.removeLast()
                    } else {
                        return "expected ',' or '\(Character(Unicode.Scalar(close)))'"
                    }
                }
            }
        }

        private mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// A string from its opening quote past its closing one.
        private mutating func string() -> String? {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return nil
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { break }
                    if bytes[index] == UInt8(ascii: "u") {
                        let hex = bytes[(index + 1)...].prefix(4)
                        guard hex.count == 4, hex.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else {
                            return "a \\u escape without four hex digits"
                        }
                        index += 5
                    } else {
                        guard Array("\"\\/bfnrt".utf8).contains(bytes[index]) else { return "an unknown escape in a string" }
                        index += 1
                    }
                case 0..<0x20:
                    return "a control character in a string"
                default:
                    index += 1
                }
            }
            return "the text ends in the middle of a string"
        }

        /// A number: an optional minus, whole digits (no leading zero), an optional fraction and exponent.
        private mutating func number() -> String? {
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { return "a malformed number" }
            if bytes[index] == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { return "a malformed number" }
                skipDigits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { return "a malformed number" }
                skipDigits()
            }
            return nil
        }

        private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        private mutating func skipDigits() {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
    }
}
