import MotionMath

/// A header line's column names, for formats whose columns are found by name rather than by place:
/// the phone apps' exports (Sensor Logger, phyphox, SensorLog) order them differently from version
/// to version and leave out what was not recorded.
///
/// A name may be wrapped in one pair of double quotes (phyphox quotes its header and the text in its
/// meta files), which is not part of it. Quotes never protect a comma: no field these formats write
/// holds one, except free text at the end of a line (`CSVScanner.rest(from:)`).
struct CSVHeader {
    /// The names, in column order.
    let names: [String]
    /// The file and line of the header, for messages about a missing column.
    let path: String
    let line: Int

    /// Reads the scanner's next line as the header; an empty file, a repeated name or invalid UTF-8
    /// is an error naming that line.
    init(_ scanner: CSVScanner) throws {
        guard try scanner.next() else { throw scanner.error("empty file: expected a header") }
        guard scanner.fieldCount <= CSVScanner.maximumFields else {
            throw scanner.error("\(scanner.fieldCount) columns: more than \(CSVScanner.maximumFields)")
        }
        var names: [String] = []
        for index in 0..<scanner.fieldCount {
            let name = Self.unquoted(try scanner.string(index))
            guard !names.contains(name) else { throw scanner.error("column '\(name)' appears twice in the header") }
            names.append(name)
        }
        self.names = names
        path = scanner.path
        line = scanner.line
    }

    /// `text` without one pair of surrounding double quotes, if it has them.
    static func unquoted(_ text: String) -> String {
        text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
    }

    /// The column called `name`, or nil.
    func index(of name: String) -> Int? { names.firstIndex(of: name) }

    /// The column called `name`; `why` ends the message when it is missing ("a Gyroscope.csv has it").
    func require(_ name: String, _ why: String) throws -> Int {
        guard let index = index(of: name) else {
            throw TraceError(path: path, line: line, reason: "missing column '\(name)': \(why)")
        }
        return index
    }

    /// Three columns read together as a vector, in x, y, z order whatever their order in the file.
    struct Vector {
        /// Columns and names of x, y and z.
        let columns: [Int]
        let names: [String]

        /// Fields x, y, z of the scanner's current line, each a finite number.
        func read(_ scanner: CSVScanner) throws -> Vector3 {
            Vector3(
                try scanner.double(columns[0], names[0]), try scanner.double(columns[1], names[1]),
                try scanner.double(columns[2], names[2]))
        }

        /// True when all three fields are empty (a sensor with no reading on this row); one or two
        /// empty is an error.
        func isAbsent(_ scanner: CSVScanner) throws -> Bool {
            let empty = columns.filter { scanner.isEmpty($0) }.count
            guard empty == 0 || empty == 3 else { throw scanner.error("\(names.joined(separator: ", ")) needs all three values, or none") }
            return empty == 3
        }
    }

    /// The columns named `names` (x, y, z) as a vector, or nil when none of them is there; some but
    /// not all of them is an error.
    func vector(_ names: [String], _ why: String) throws -> Vector? {
        let found = names.compactMap(index(of:))
        if found.isEmpty { return nil }
        return Vector(columns: try names.map { try require($0, why) }, names: names)
    }

    /// The columns named `names` (w, x, y, z) as a quaternion's, or nil when none of them is there;
    /// some but not all of them is an error.
    func quaternion(_ names: [String], _ why: String) throws -> (w: Int, x: Int, y: Int, z: Int)? {
        if names.allSatisfy({ index(of: $0) == nil }) { return nil }
        let columns = try names.map { try require($0, why) }
        return (columns[0], columns[1], columns[2], columns[3])
    }
}
