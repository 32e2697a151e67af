import Foundation
import MotionResults

/// An emitted case's CSV file read back for plotting: its header and its rows' cells, with the
/// numbers of a column read on demand. A malformed file is an `EmittedFileError` naming its line.
public struct EmittedCSV {
    /// The file.
    public let url: URL
    /// The column names.
    public let header: [String]
    private let rows: [[Substring]]

    /// Reads `url`.
    public init(url: URL) throws {
        self.url = url
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw EmittedFileError(path: url.path, line: nil, reason: "cannot read: \(error.localizedDescription)")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, !first.isEmpty else { throw EmittedFileError(path: url.path, line: 1, reason: "no header row") }
        header = try Self.cells(first, path: url.path, line: 1).map(String.init)
        var rows: [[Substring]] = []
        for (index, line) in lines.enumerated().dropFirst() {
            let cells = try Self.cells(line, path: url.path, line: index + 1)
            guard cells.count == header.count else {
                throw EmittedFileError(path: url.path, line: index + 1, reason: "\(cells.count) cells for \(header.count) columns")
            }
            rows.append(cells)
        }
        self.rows = rows
    }

    /// The numbers of `column`, a value per row (nil for an empty cell); throws when the file has no
    /// such column or a cell is not a number.
    public func numbers(_ column: String) throws -> [Double?] {
        guard let index = header.firstIndex(of: column) else {
            throw EmittedFileError(path: url.path, line: 1, reason: "no column '\(column)'")
        }
        return try rows.enumerated().map { row, cells in
            let cell = cells[index]
            if cell.isEmpty { return nil }
            guard let value = Double(cell), value.isFinite else {
                throw EmittedFileError(path: url.path, line: row + 2, reason: "'\(cell)' in column '\(column)' is not a number")
            }
            return value
        }
    }

    /// The cells of a line, RFC 4180 quotes undone.
    private static func cells(_ line: Substring, path: String, line number: Int) throws -> [Substring] {
        guard line.contains("\"") else { return line.split(separator: ",", omittingEmptySubsequences: false) }
        var cells: [Substring] = []
        var current = ""
        var quoted = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if quoted {
                if character == "\"" {
                    let next = line.index(after: index)
                    if next < line.endIndex, line[next] == "\"" {
                        current.append("\"")
                        index = next
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                cells.append(Substring(current))
                current = ""
            } else {
                current.append(character)
            }
            index = line.index(after: index)
        }
        guard !quoted else { throw EmittedFileError(path: path, line: number, reason: "a quoted cell is not closed") }
        cells.append(Substring(current))
        return cells
    }
}
