import ArgumentParser
import Foundation

/// Parses comma-separated option values, naming the flag in every error.
enum CommaList {
    static func names(_ text: String, flag: String) throws -> [String] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if let blank = items.firstIndex(of: "") {
            throw ValidationError("\(flag): empty item \(blank + 1) in '\(text)'")
        }
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }

    static func numbers(_ text: String, flag: String) throws -> [Double] {
        try names(text, flag: flag).map { item in
            guard let value = Double(item), value.isFinite else {
                throw ValidationError("\(flag): '\(item)' is not a number")
            }
            return value
        }
    }
}
