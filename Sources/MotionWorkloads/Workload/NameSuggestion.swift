/// "Did you mean": the known name a name that matched none was most likely meant to be, for the
/// messages refusing an unknown workload, filter, parameter or scenario, as the command line's
/// parser does for a misspelt flag.
///
/// A name is close when it differs by at most a third of the given name's letters (rounded down), 1
/// at least (so a name of one to five letters may be one letter off) and 3 at most, in letters
/// inserted, removed or replaced (Levenshtein's distance, case ignored):
/// `accelerometr` is `accelerometer`, `lowpass` is `low-pass`. When none is close, a name that is
/// the only one starting with the given one (of three letters or more) is: `motion` is `motion-cube`.
public enum NameSuggestion {
    /// The name of `known` that `name` most likely meant; nil when none is close enough, or when
    /// `name` is itself known.
    public static func closest(to name: String, in known: [String]) -> String? {
        let typed = Array(name.lowercased())
        guard !typed.isEmpty, !known.contains(name) else { return nil }
        let allowed = min(3, max(1, typed.count / 3))
        let nearest = known.map { ($0, distance(typed, Array($0.lowercased()))) }.filter { $0.1 <= allowed }.min { $0.1 < $1.1 }
        if let nearest { return nearest.0 }
        let extending = known.filter { $0.lowercased().hasPrefix(name.lowercased()) }
        return typed.count >= 3 && extending.count == 1 ? extending[0] : nil
    }

    /// `; did you mean 'NAME'?` for the name of `known` that `name` most likely meant, to follow the
    /// refusal of `name`; empty when there is none.
    public static func didYouMean(_ name: String, in known: [String]) -> String {
        closest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The fewest letters inserted, removed or replaced that turn `a` into `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        var current = previous
        for (i, left) in a.enumerated() {
            current[0] = i + 1
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
