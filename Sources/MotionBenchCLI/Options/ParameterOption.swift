import ArgumentParser

/// Parses `--param name=v1,v2,…` values (the option may repeat), naming the flag in every error.
enum ParameterOption {
    static func parse(_ values: [String]) throws -> [String: [Double]] {
        var sweeps: [String: [Double]] = [:]
        for value in values {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                throw ValidationError("--param: '\(value)' is not name=v1,v2,…")
            }
            let name = String(value[..<equals])
            guard sweeps[name] == nil else { throw ValidationError("--param: \(name) is given twice") }
            sweeps[name] = try CommaList.numbers(String(value[value.index(after: equals)...]), flag: "--param \(name)")
        }
        return sweeps
    }
}
