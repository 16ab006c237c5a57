import Foundation

/// The operations that change a snapshot, each refused and recorded in
/// ``NSDiffableDataSourceSnapshot/exceptions`` when it breaks a rule the
/// type's documentation states (see there).
extension NSDiffableDataSourceSnapshot {
    // MARK: Items

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/appenditems(_:tosection:)
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        let operation = "appendItems(_:toSection:)"
        guard acceptsNew(identifiers, operation) else { return }
        let section: Int?
        if let sectionIdentifier {
            section = index(ofHeld: sectionIdentifier, operation)
        } else {
            // "If no value is provided, the items are appended to the last
            // section of the snapshot."
            section = sections.isEmpty ? nil : sections.count - 1
            if sections.isEmpty { _ = refuse("\(operation): there are no sections in the snapshot; add a section first") }
        }
        guard let section else { return }
        insert(identifiers, inSection: section, at: items[section].count)
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/insertitems(_:beforeitem:)
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insertItems(identifiers, next: beforeIdentifier, offset: 0, "insertItems(_:beforeItem:)")
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/insertitems(_:afteritem:)
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insertItems(identifiers, next: afterIdentifier, offset: 1, "insertItems(_:afterItem:)")
    }

    private mutating func insertItems(_ identifiers: [ItemIdentifierType], next anchor: ItemIdentifierType,
                                      offset: Int, _ operation: String) {
        guard acceptsNew(identifiers, operation), holds([anchor], operation),
              let path = indexPath(of: anchor) else { return }
        insert(identifiers, inSection: path.section, at: path.row + offset)
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/deleteitems(_:)
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        guard holds(identifiers, "deleteItems(_:)") else { return }
        removeItems(Set(identifiers))
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/deleteallitems()
    public mutating func deleteAllItems() {
        self = NSDiffableDataSourceSnapshot()
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/moveitem(_:beforeitem:)
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, next: toIdentifier, offset: 0, "moveItem(_:beforeItem:)")
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/moveitem(_:afteritem:)
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, next: toIdentifier, offset: 1, "moveItem(_:afterItem:)")
    }

    private mutating func moveItem(_ identifier: ItemIdentifierType, next anchor: ItemIdentifierType,
                                   offset: Int, _ operation: String) {
        guard holds([identifier, anchor], operation) else { return }
        guard identifier != anchor else { return }
        removeItems([identifier])
        guard let path = indexPath(of: anchor) else { return }
        insert([identifier], inSection: path.section, at: path.row + offset)
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/reloaditems(_:)
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        guard holds(identifiers, "reloadItems(_:)") else { return }
        markReloaded(identifiers)
    }

    /// "Updates the data for the items you specify in the snapshot,
    /// preserving the existing cells for the items."
    ///
    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/reconfigureitems(_:)
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        guard holds(identifiers, "reconfigureItems(_:)") else { return }
        markReconfigured(identifiers)
    }

    // MARK: Sections

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/appendsections(_:)
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        guard acceptsNew(sections: identifiers, "appendSections(_:)") else { return }
        insertSections(identifiers, at: sections.count)
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/insertsections(_:beforesection:)
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        let operation = "insertSections(_:beforeSection:)"
        guard acceptsNew(sections: identifiers, operation), let index = index(ofHeld: toIdentifier, operation) else { return }
        insertSections(identifiers, at: index)
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/insertsections(_:aftersection:)
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        let operation = "insertSections(_:afterSection:)"
        guard acceptsNew(sections: identifiers, operation), let index = index(ofHeld: toIdentifier, operation) else { return }
        insertSections(identifiers, at: index + 1)
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/deletesections(_:)
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers where indexOfSection(identifier) == nil {
            _ = refuse("deleteSections(_:): invalid section identifier \(identifier): it is not in the snapshot")
            return
        }
        for identifier in identifiers {
            if let index = indexOfSection(identifier) { removeSection(at: index) }
        }
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/movesection(_:beforesection:)
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, offset: 0, "moveSection(_:beforeSection:)")
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/movesection(_:aftersection:)
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, offset: 1, "moveSection(_:afterSection:)")
    }

    private mutating func moveSection(_ identifier: SectionIdentifierType, next anchor: SectionIdentifierType,
                                      offset: Int, _ operation: String) {
        guard let from = index(ofHeld: identifier, operation), index(ofHeld: anchor, operation) != nil,
              identifier != anchor else { return }
        let moved = (sections.remove(at: from), items.remove(at: from))
        sections.insert(moved.0, at: indexOfSection(anchor)! + offset)
        items.insert(moved.1, at: indexOfSection(moved.0)!)
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/reloadsections(_:)
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers where index(ofHeld: identifier, "reloadSections(_:)") == nil { return }
        markReloaded(sections: identifiers)
    }
}
