import FetchedResults
import Persistence

/// A row of a fuzzed list: its identity and a content version.
private struct ListRow: Hashable, Sendable {
    var id: Int
    var version: Int
}

extension FuzzTarget {
    /// Change sets, structure-aware: the bytes make an old and a new list
    /// (sections of unique names, rows of unique ids); the difference's
    /// change set keeps every rule of list-updates.md
    /// (`ListUpdateRules.validate`) and applied to the old list gives the
    /// new one, with content told by a hash and by `==`.
    static let changeSet = FuzzTarget(
        name: "change-set",
        summary: "ChangeSet.difference of two lists made from the bytes: ListUpdateRules hold, applying it gives the new list"
    ) { input in
        let old = makeList(&input)
        let new = makeList(&input)
        func ids(_ list: [ListSection<ListRow>]) -> [ListSection<Int>] {
            list.map { ListSection(name: $0.name, items: $0.items.map(\.id)) }
        }
        var oldVersions: [Int: Int] = [:]
        for row in old.flatMap(\.items) { oldVersions[row.id] = row.version }
        let changed = Set(new.flatMap(\.items).filter { row in oldVersions[row.id].map { $0 != row.version } ?? false }.map(\.id))
        let byHash = { try ChangeSet.difference(from: old, to: new, identity: { .integer(Int64($0.id)) }, contentHash: \.version) }
        let byEquality = { try ChangeSet.difference(from: old, to: new, identity: { .integer(Int64($0.id)) }) }
        for (name, difference) in [("contentHash", byHash), ("Hashable", byEquality)] {
            do {
                let changes = try difference()
                try ListUpdateRules.validate(changes, from: ids(old), to: ids(new), id: \.id, changedIDs: changed)
                let applied = try changes.applied(to: old)
                guard applied == new else { fatalError("\(name): applying the change set gives \(applied), not \(new)") }
            } catch {
                fatalError("\(name): from \(old) to \(new): \(error)")
            }
        }
    }

    /// A list: up to 4 sections of distinct names (0...5, in any order),
    /// up to 12 rows each, ids distinct across the list (0..<32).
    private static func makeList(_ input: inout FuzzInput) -> [ListSection<ListRow>] {
        var names = Set<Int>(), ids = Set<Int>()
        var sections: [ListSection<ListRow>] = []
        for _ in 0..<input.int(below: 5) {
            let name = input.int(below: 6)
            guard names.insert(name).inserted else { continue }
            var rows: [ListRow] = []
            for _ in 0..<input.int(below: 13) {
                let id = input.int(below: 32), version = input.int(below: 3)
                if ids.insert(id).inserted { rows.append(ListRow(id: id, version: version)) }
            }
            sections.append(ListSection(name: name == 0 ? .null : .integer(Int64(name)), items: rows))
        }
        return sections
    }
}
