/// The name a misspelled one most likely meant: the same letters ignoring
/// case and underscores (`dueDate` for `due_date`), or the closest within
/// two edits.
enum NameSuggestion {
    static func closest(to name: String, in candidates: [String]) -> String? {
        let key = normalized(name)
        if let match = candidates.first(where: { normalized($0) == key }) { return match }
        let scored = candidates.map { (candidate: $0, distance: editDistance(key, normalized($0))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2, best.distance < key.count else { return nil }
        return best.candidate
    }

    private static func normalized(_ name: String) -> [Character] {
        Array(name.lowercased().filter { $0 != "_" })
    }

    /// Levenshtein distance.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
