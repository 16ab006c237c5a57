import Foundation

extension ChangeSet {
    /// The new state: `old` with these changes applied the way a list view
    /// applies one batch (deletes before inserts, everything not named
    /// keeping its relative order).
    ///
    /// A consumer that keeps its own copy of the list uses this to follow
    /// the controller; tests use it as the rebuild check of the rules.
    ///
    /// - Parameter old: The state the change set was computed from.
    /// - Returns: The new state.
    /// - Throws: ``ListUpdateViolation`` when the change set does not fit
    ///   `old` (an index out of bounds, counts that do not add up).
    /// - Complexity: O(n log n) for n rows in `old` and the new state.
    public func applied(to old: [ListSection<Item>]) throws(ListUpdateViolation) -> [ListSection<Item>] {
        let deletedSectionSet = Set(deletedSections)
        for section in deletedSections where !old.indices.contains(section) {
            throw ListUpdateViolation(rule: 1, "deleted section \(section) is out of bounds (old state has \(old.count) sections)")
        }
        let newSectionCount = old.count - deletedSectionSet.count + insertedSections.count
        var slots = [ListSection<Item>?](repeating: nil, count: max(newSectionCount, 0))
        for insert in insertedSections {
            guard slots.indices.contains(insert.index) else {
                throw ListUpdateViolation(rule: 1, "inserted section \(insert.index) is out of bounds (new state has \(newSectionCount) sections)")
            }
            guard slots[insert.index] == nil else {
                throw ListUpdateViolation(rule: 2, "section \(insert.index) is inserted twice")
            }
            slots[insert.index] = insert.section
        }
        // Surviving old sections fill the free slots in order.
        var newIndexOfOldSection: [Int: Int] = [:]
        var nextSlot = 0
        for oldIndex in old.indices where !deletedSectionSet.contains(oldIndex) {
            while nextSlot < slots.count, slots[nextSlot] != nil { nextSlot += 1 }
            guard nextSlot < slots.count else {
                throw ListUpdateViolation(rule: 2, "section counts do not add up: \(old.count) old − \(deletedSectionSet.count) deleted + \(insertedSections.count) inserted")
            }
            newIndexOfOldSection[oldIndex] = nextSlot
            slots[nextSlot] = ListSection(name: old[oldIndex].name, items: [])
            nextSlot += 1
        }
        let insertedSectionSet = Set(insertedSections.map(\.index))

        // Rows removed from their old section: deleted and moved away.
        var removed: [Int: Set<Int>] = [:]
        func checkOld(_ path: IndexPath, _ what: String) throws(ListUpdateViolation) {
            guard old.indices.contains(path.section), old[path.section].items.indices.contains(path.item) else {
                throw ListUpdateViolation(rule: 1, "\(what) \(path.listDescription) is out of bounds in the old state")
            }
            guard !deletedSectionSet.contains(path.section) else {
                throw ListUpdateViolation(rule: 4, "\(what) \(path.listDescription) lies in deleted section \(path.section)")
            }
        }
        for path in deletedRows {
            try checkOld(path, "deleted row")
            guard removed[path.section, default: []].insert(path.item).inserted else {
                throw ListUpdateViolation(rule: 3, "old row \(path.listDescription) is named twice")
            }
        }
        for move in movedRows {
            try checkOld(move.from, "move source")
            guard removed[move.from.section, default: []].insert(move.from.item).inserted else {
                throw ListUpdateViolation(rule: 3, "old row \(move.from.listDescription) is named twice")
            }
        }
        var updatedContent: [IndexPath: Item] = [:]
        for update in updatedRows {
            try checkOld(update.from, "updated row")
            if removed[update.from.section]?.contains(update.from.item) == true || updatedContent[update.from] != nil {
                throw ListUpdateViolation(rule: 3, "old row \(update.from.listDescription) is named twice")
            }
            updatedContent[update.from] = update.item
        }

        // Rows placed at explicit new positions: inserted and moved in.
        var placed: [Int: [Int: Item]] = [:]
        func place(_ path: IndexPath, _ item: Item, _ what: String) throws(ListUpdateViolation) {
            guard slots.indices.contains(path.section) else {
                throw ListUpdateViolation(rule: 1, "\(what) \(path.listDescription) is out of bounds in the new state")
            }
            guard !insertedSectionSet.contains(path.section) else {
                throw ListUpdateViolation(rule: 4, "\(what) \(path.listDescription) lies in inserted section \(path.section)")
            }
            guard placed[path.section, default: [:]].updateValue(item, forKey: path.item) == nil else {
                throw ListUpdateViolation(rule: 3, "new row \(path.listDescription) is named twice")
            }
        }
        for insert in insertedRows { try place(insert.indexPath, insert.item, "inserted row") }
        for move in movedRows { try place(move.to, move.item, "move destination") }

        // Fill each surviving section: explicit rows at their index, the
        // remaining old rows in order in the free slots.
        for (oldIndex, newIndex) in newIndexOfOldSection {
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
                throw ListUpdateViolation(rule: 1, "new row \(IndexPath(item: outOfRange, section: newIndex).listDescription) is out of bounds (section \(newIndex) has \(count) rows)")
            }
            slots[newIndex]?.items = items
        }
        return slots.map { $0! }
    }
}

extension IndexPath {
    /// `[section, row]`, as the rules and the JSON output write it.
    var listDescription: String { "[\(section), \(item)]" }
}
