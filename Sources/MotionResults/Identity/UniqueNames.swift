/// File names for a run's things (cases, case groups, sweeps), each its derived name, made unique in
/// the order given: a name already taken gets `_2`, `_3`… Derived names are unique for any catalogue
/// whose names are well formed, save for a filter whose name runs on into a parameter's
/// (`b` with `c-d=1` against `b-c` with `d=1`); this keeps even that from sharing a file.
public struct UniqueNames<Key: Hashable> {
    private var names: [Key: String] = [:]

    /// The names of `keys`, in that order (a key listed twice keeps its first name), `name` deriving each.
    public init(_ keys: [Key], name: (Key) -> String) {
        var taken = Set<String>()
        for key in keys where names[key] == nil {
            let derived = name(key)
            var unique = derived
            var suffix = 2
            while taken.contains(unique) {
                unique = "\(derived)_\(suffix)"
                suffix += 1
            }
            taken.insert(unique)
            names[key] = unique
        }
    }

    /// The name of `key`; nil for a key not given.
    public subscript(key: Key) -> String? { names[key] }
}

extension RunResult {
    /// The emitted-file names of the run's cases, unique (`CaseIdentity.name`).
    public var caseNames: UniqueNames<CaseIdentity> {
        UniqueNames(cases.map(\.spec.identity), name: \.name)
    }
}
