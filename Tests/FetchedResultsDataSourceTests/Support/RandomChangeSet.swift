import FetchedResults
import Foundation
import Persistence
import FetchedResultsDataSource

/// A row of a test list: an identity and a version of its content.
struct Entry: Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var version: Int
    var description: String { version == 0 ? "\(id)" : "\(id)v\(version)" }
}

/// Random change sets built forward from an old state (not by a diff), so
/// they exercise every shape the rules allow: sections deleted and
/// inserted (empty ones too), rows moving within and across sections,
/// moved rows whose content changed, reloads, rows leaving a deleted
/// section for a surviving one (an insert there).
struct RandomChangeSet {
    var old: [ListSection<Entry>]
    var new: [ListSection<Entry>]
    var changes: ChangeSet<Entry>

    static func randomList(using rng: inout some RandomNumberGenerator, nextID: inout Int) -> [ListSection<Entry>] {
        (0..<Int.random(in: 0...5, using: &rng)).map { index in
            let items = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                defer { nextID += 1 }
                return Entry(id: nextID, version: 0)
            }
            return ListSection(name: .text("S\(index)"), items: items)
        }
    }

    init(old: [ListSection<Entry>], using rng: inout some RandomNumberGenerator, nextID: inout Int) {
        self.old = old
        var changes = ChangeSet<Entry>()
        let deletedSections = Set(old.indices.filter { _ in Int.random(in: 0..<6, using: &rng) == 0 })
        changes.deletedSections = deletedSections.sorted()

        // Decide the fate of every row of a surviving section.
        var kept: [Int: [Entry]] = [:]          // old section → rows kept in place, in order
        var wandering: [(from: IndexPath, entry: Entry, changed: Bool)] = []
        var homeless: [Entry] = []              // rows of deleted sections that come back
        var updated: Set<Int> = []
        for (s, section) in old.enumerated() {
            if deletedSections.contains(s) {
                homeless += section.items.filter { _ in Bool.random(using: &rng) }
                continue
            }
            for (r, entry) in section.items.enumerated() {
                let path = IndexPath(item: r, section: s)
                switch Int.random(in: 0..<10, using: &rng) {
                case 0, 1: changes.deletedRows.append(path)
                case 2, 3: wandering.append((path, entry, Bool.random(using: &rng)))
                case 4: updated.insert(entry.id); kept[s, default: []].append(Entry(id: entry.id, version: entry.version + 1))
                default: kept[s, default: []].append(entry)
                }
            }
        }

        // New sections: survivors in order, inserted ones at random places.
        var layout: [(name: DatabaseValue, old: Int?, items: [Entry])] = old.indices
            .filter { !deletedSections.contains($0) }
            .map { (old[$0].name, $0, kept[$0] ?? []) }
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            let name = DatabaseValue.text("N\(nextID)")
            nextID += 1
            let items = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                defer { nextID += 1 }
                return Entry(id: nextID, version: 0)
            }
            layout.insert((name, nil, items), at: Int.random(in: 0...layout.count, using: &rng))
        }
        let survivors = layout.indices.filter { layout[$0].old != nil }

        // Moved, new and homeless rows land at random places in surviving sections.
        var landing: [(entry: Entry, move: (from: IndexPath, changed: Bool)?)] = wandering.map {
            ($0.changed ? Entry(id: $0.entry.id, version: $0.entry.version + 1) : $0.entry, ($0.from, $0.changed))
        }
        landing += homeless.map { ($0, nil) }
        landing += (0..<Int.random(in: 0...4, using: &rng)).map { _ in
            defer { nextID += 1 }
            return (Entry(id: nextID, version: 0), nil)
        }
        var origin: [Int: (from: IndexPath, changed: Bool)] = [:]
        if survivors.isEmpty { landing = [] }
        for (entry, move) in landing {
            let s = survivors.randomElement(using: &rng)!
            layout[s].items.insert(entry, at: Int.random(in: 0...layout[s].items.count, using: &rng))
            if let move { origin[entry.id] = move }
        }
        for (s, section) in layout.enumerated() {
            guard section.old != nil else {
                changes.insertedSections.append(.init(index: s, section: ListSection(name: section.name, items: section.items)))
                continue
            }
            for (r, entry) in section.items.enumerated() {
                let to = IndexPath(item: r, section: s)
                if let move = origin[entry.id] {
                    changes.movedRows.append(.init(from: move.from, to: to, item: entry, isContentChanged: move.changed))
                } else if updated.contains(entry.id) {
                    let from = IndexPath(item: old[section.old!].items.firstIndex { $0.id == entry.id }!, section: section.old!)
                    changes.updatedRows.append(.init(from: from, to: to, item: entry))
                } else if !old[section.old!].items.contains(where: { $0.id == entry.id }) {
                    changes.insertedRows.append(.init(indexPath: to, item: entry))
                }
            }
        }
        self.changes = changes
        self.new = layout.map { ListSection(name: $0.name, items: $0.items) }
    }

    var batch: ListBatch<Entry> { ListBatch(changes: changes, from: old, to: new) }
}
