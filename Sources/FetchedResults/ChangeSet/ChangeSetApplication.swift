import Foundation

/// ``ChangeSet/applied(to:)`` in steps, as a list view applies a batch:
/// lay out the new sections, take out the rows deleted and moved away
/// (noting updates), place the rows inserted and moved in, then fill each
/// surviving section, its remaining old rows in order in the free slots.
/// Each step checks the change set against the rules and throws what it
/// breaks.
struct ChangeSetApplication<Item: Sendable> {
    let changes: ChangeSet<Item>
    let old: [ListSection<Item>]
    private let deletedSections: Set<Int>
    private var insertedSections: Set<Int> = []
    /// The new sections: inserted ones whole, surviving ones empty so far.
    private var slots: [ListSection<Item>?]
    private var newIndexOfOldSection: [Int: Int] = [:]
    /// Per old section, the rows deleted or moved away.
    private var removed: [Int: Set<Int>] = [:]
    /// The new content of updated rows, by old position.
    private var updatedContent: [IndexPath: Item] = [:]
    /// Per new section, the rows at explicit positions: inserted, moved in.
    private var placed: [Int: [Int: Item]] = [:]

    /// Lays out the new sections.
    init(_ changes: ChangeSet<Item>, to old: [ListSection<Item>]) throws(ListUpdateViolation) {
        self.changes = changes
        self.old = old
        deletedSections = Set(changes.deletedSections)
        for section in changes.deletedSections where !old.indices.contains(section) {
            throw ListUpdateViolation(rule: 1, "deleted section \(section) is out of bounds (old state has \(old.count) sections)")
        }
        let newSectionCount = old.count - deletedSections.count + changes.insertedSections.count
        slots = [ListSection<Item>?](repeating: nil, count: max(newSectionCount, 0))
        try placeInsertedSections(newSectionCount: newSectionCount)
        try placeSurvivingSections()
    }

    private mutating func placeInsertedSections(newSectionCount: Int) throws(ListUpdateViolation) {
        for insert in changes.insertedSections {
            guard slots.indices.contains(insert.index) else {
                throw ListUpdateViolation(rule: 1, "inserted section \(insert.index) is out of bounds (new state has \(newSectionCount) sections)")
            }
            guard slots[insert.index] == nil else {
                throw ListUpdateViolation(rule: 2, "section \(insert.index) is inserted twice")
            }
            slots[insert.index] = insert.section
            insertedSections.insert(insert.index)
        }
    }

    /// Surviving old sections fill the free slots in order.
    private mutating func placeSurvivingSections() throws(ListUpdateViolation) {
        var nextSlot = 0
        for oldIndex in old.indices where !deletedSections.contains(oldIndex) {
            while nextSlot < slots.count, slots[nextSlot] != nil { nextSlot += 1 }
            guard nextSlot < slots.count else {
                throw ListUpdateViolation(rule: 2, "section counts do not add up: \(old.count) old − \(deletedSections.count) deleted + \(changes.insertedSections.count) inserted")
            }
            newIndexOfOldSection[oldIndex] = nextSlot
            slots[nextSlot] = ListSection(name: old[oldIndex].name, items: [])
            nextSlot += 1
        }
    }

    /// Rows removed from their old section (deleted, moved away), and the
    /// updated ones.
    mutating func collectRemovals() throws(ListUpdateViolation) {
        for path in changes.deletedRows {
            try remove(path, "deleted row")
        }
        for move in changes.movedRows {
            try remove(move.from, "move source")
        }
        for update in changes.updatedRows {
            try checkOld(update.from, "updated row")
            if removed[update.from.section]?.contains(update.from.item) == true || updatedContent[update.from] != nil {
                throw ListUpdateViolation(rule: 3, "old row \(update.from.listText) is named twice")
            }
            updatedContent[update.from] = update.item
        }
    }

    private mutating func remove(_ path: IndexPath, _ what: String) throws(ListUpdateViolation) {
        try checkOld(path, what)
        guard removed[path.section, default: []].insert(path.item).inserted else {
            throw ListUpdateViolation(rule: 3, "old row \(path.listText) is named twice")
        }
    }

    private func checkOld(_ path: IndexPath, _ what: String) throws(ListUpdateViolation) {
        guard old.indices.contains(path.section), old[path.section].items.indices.contains(path.item) else {
            throw ListUpdateViolation(rule: 1, "\(what) \(path.listText) is out of bounds in the old state")
        }
        guard !deletedSections.contains(path.section) else {
            throw ListUpdateViolation(rule: 4, "\(what) \(path.listText) lies in deleted section \(path.section)")
        }
    }

    /// Rows placed at explicit new positions: inserted and moved in.
    mutating func collectPlacements() throws(ListUpdateViolation) {
        for insert in changes.insertedRows { try place(insert.indexPath, insert.item, "inserted row") }
        for move in changes.movedRows { try place(move.to, move.item, "move destination") }
    }

    private mutating func place(_ path: IndexPath, _ item: Item, _ what: String) throws(ListUpdateViolation) {
        guard slots.indices.contains(path.section) else {
            throw ListUpdateViolation(rule: 1, "\(what) \(path.listText) is out of bounds in the new state")
        }
        guard !insertedSections.contains(path.section) else {
            throw ListUpdateViolation(rule: 4, "\(what) \(path.listText) lies in inserted section \(path.section)")
        }
        guard placed[path.section, default: [:]].updateValue(item, forKey: path.item) == nil else {
            throw ListUpdateViolation(rule: 3, "new row \(path.listText) is named twice")
        }
    }

    /// The new state: each surviving section filled.
    func filledSections() throws(ListUpdateViolation) -> [ListSection<Item>] {
        var sections = slots
        for (oldIndex, newIndex) in newIndexOfOldSection {
            sections[newIndex]?.items = try items(ofSection: newIndex, from: oldIndex)
        }
        return sections.map { $0! }
    }

    /// A surviving section's rows: explicit rows at their index, the
    /// remaining old rows (with updated content) in order in the free slots.
    private func items(ofSection newIndex: Int, from oldIndex: Int) throws(ListUpdateViolation) -> [Item] {
        let oldItems = old[oldIndex].items
        let gone = removed[oldIndex] ?? []
        var survivors: [Item] = []
        survivors.reserveCapacity(oldItems.count - gone.count)
        for (row, item) in oldItems.enumerated() where !gone.contains(row) {
            survivors.append(updatedContent[IndexPath(item: row, section: oldIndex)] ?? item)
        }
        let explicit = placed[newIndex] ?? [:]
        let count = survivors.count + explicit.count
        var items: [Item] = []
        items.reserveCapacity(count)
        var nextSurvivor = 0
        for row in 0..<count {
            if let item = explicit[row] {
                items.append(item)
            } else if nextSurvivor < survivors.count {
                items.append(survivors[nextSurvivor])
                nextSurvivor += 1
            } else {
                throw ListUpdateViolation(rule: 5, "row counts of section \(newIndex) do not add up: new row \(row) has nothing to fill it")
            }
        }
        if let outOfRange = explicit.keys.first(where: { $0 >= count }) {
            throw ListUpdateViolation(rule: 1, "new row \(IndexPath(item: outOfRange, section: newIndex).listText) is out of bounds (section \(newIndex) has \(count) rows)")
        }
        return items
    }
}
