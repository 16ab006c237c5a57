import PlumeTestSupport
import Testing
import Persistence
@testable import FetchedResults

/// A sectioned list of rows for diff tests: section names, row ids and a
/// content version per row (a new version is a content change).
struct TestList: CustomStringConvertible {
    struct Row: Hashable {
        var id: Int
        var version: Int
    }

    var sections: [(name: Int, rows: [Row])]

    var storage: ResultsStorage<Int> {
        var storage = ResultsStorage<Int>()
        storage.items = ChunkedArray()
        var start = 0
        for section in sections {
            storage.sections.append(SectionRange(name: .integer(Int64(section.name)), start: start, count: section.rows.count))
            start += section.rows.count
            for row in section.rows {
                storage.keys.append(RowKey(id: .integer(Int64(row.id)), contentHash: row.version))
                storage.items?.append(row.id)
            }
        }
        return storage
    }

    var idSections: [ListSection<Int>] {
        sections.map { ListSection(name: .integer(Int64($0.name)), items: $0.rows.map(\.id)) }
    }

    var description: String {
        sections.map { "\($0.name):\($0.rows.map { "\($0.id)v\($0.version)" })" }.joined(separator: " ")
    }

    /// A random list: up to `maxSections` non-empty sections of up to
    /// `maxRows` rows, ids unique.
    static func random(using generator: inout SeededGenerator, maxSections: Int = 5, maxRows: Int = 8, nextID: inout Int) -> TestList {
        var names = Array(0..<(maxSections * 2)).shuffled(using: &generator)
        let sectionCount = Int.random(in: 0...maxSections, using: &generator)
        var sections: [(name: Int, rows: [Row])] = []
        for _ in 0..<sectionCount {
            let rows = (0..<Int.random(in: 1...maxRows, using: &generator)).map { _ in
                defer { nextID += 1 }
                return Row(id: nextID, version: 0)
            }
            sections.append((names.removeLast(), rows))
        }
        return TestList(sections: sections)
    }

    /// A random successor: rows deleted, inserted, moved within and across
    /// sections, content changed; sections deleted, inserted, renamed,
    /// reordered; sometimes every row shuffled.
    func mutated(using generator: inout SeededGenerator, nextID: inout Int) -> TestList {
        var rows: [(section: Int, row: Row)] = []
        for section in sections {
            for row in section.rows where !generator.chance(15) {
                var row = row
                if generator.chance(20) { row.version += 1 }
                rows.append((section.name, row))
            }
        }
        var names = sections.map(\.name)
        // Rename, delete or add sections.
        for index in names.indices where generator.chance(10) { names[index] += 100 }
        names = names.filter { _ in !generator.chance(10) }
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            let name = Int.random(in: 0..<30, using: &generator)
            if !names.contains(name) { names.insert(name, at: Int.random(in: 0...names.count, using: &generator)) }
        }
        if generator.chance(10) { names.shuffle(using: &generator) }
        if names.isEmpty && !rows.isEmpty { names = [Int.random(in: 0..<30, using: &generator)] }
        // Rows whose section is gone, or picked at random, go elsewhere.
        for index in rows.indices where !names.contains(rows[index].section) || generator.chance(10) {
            rows[index].section = names.randomElement(using: &generator) ?? 0
        }
        for _ in 0..<Int.random(in: 0...4, using: &generator) where !names.isEmpty {
            rows.append((names.randomElement(using: &generator)!, Row(id: nextID, version: 0)))
            nextID += 1
        }
        if generator.chance(10) {
            rows.shuffle(using: &generator)
        } else {
            for _ in 0..<Int.random(in: 0...3, using: &generator) where rows.count > 1 {
                let row = rows.remove(at: Int.random(in: 0..<rows.count, using: &generator))
                rows.insert(row, at: Int.random(in: 0...rows.count, using: &generator))
            }
        }
        let grouped = names.map { name in (name: name, rows: rows.filter { $0.section == name }.map(\.row)) }
        return TestList(sections: grouped.filter { !$0.rows.isEmpty })
    }

    /// Ids whose content changed between two lists and live in both.
    static func changedIDs(from old: TestList, to new: TestList) -> Set<Int> {
        var versions: [Int: Int] = [:]
        for section in old.sections { for row in section.rows { versions[row.id] = row.version } }
        var changed: Set<Int> = []
        for section in new.sections {
            for row in section.rows where versions[row.id].map({ $0 != row.version }) == true { changed.insert(row.id) }
        }
        return changed
    }
}

extension TestList {
    /// Checks a change set from `old` to `new` against every rule and the
    /// rebuild, recording the seed and both lists on failure.
    static func expectRules(_ changes: ChangeSet<Int>, from old: TestList, to new: TestList, seed: UInt64) throws {
        do {
            try ListUpdateRules.validate(changes, from: old.idSections, to: new.idSections, id: { $0 },
                                         changedIDs: changedIDs(from: old, to: new))
        } catch {
            Issue.record("seed \(seed): \(error)\nold: \(old)\nnew: \(new)")
            throw error
        }
        #expect(try changes.applied(to: old.idSections) == new.idSections, "seed \(seed)")
    }
}
