import Foundation

/// A stand-in for the `NSDiffableDataSourceSnapshot` of UIKit (and of
/// AppKit, which declares the same methods): sections and items named by
/// identifiers, in order.
///
/// Apple's rules, as the stand-in enforces them:
/// - "Each of your sections and items must have unique identifiers that
///   conform to the Hashable protocol" (the type's overview): appending or
///   inserting an identifier the snapshot already holds, or the same one
///   twice, is refused and recorded in ``exceptions``; UIKit's Swift
///   declaration also asks for `Sendable` identifiers, and so does this
///   one.
/// - An operation that names a section or an item the snapshot does not
///   hold (insert before it, delete it, reload it…) has nothing to act on:
///   refused and recorded. Items need a section: appending items to a
///   snapshot without sections is refused too.
///
/// A diffable data source's `apply` records the exceptions of the
/// snapshot it is given and shows nothing of it, as the app would have
/// ended. Positions are found by a linear scan of the section, and each
/// insert shifts the items after it: O(n) per call for n items in the
/// section.
///
/// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>: Sendable
where SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable {
    /// The section identifiers, in order.
    var sections: [SectionIdentifierType] = []
    /// The items of each section, in the order of `sections`.
    var items: [[ItemIdentifierType]] = []
    /// The section of every item.
    private var sectionOfItem: [ItemIdentifierType: SectionIdentifierType] = [:]
    var reloadedItems = OrderedIdentifiers<ItemIdentifierType>()
    var reconfiguredItems = OrderedIdentifiers<ItemIdentifierType>()
    var reloadedSections = OrderedIdentifiers<SectionIdentifierType>()
    /// The exceptions the operations on this snapshot raised, oldest
    /// first (stand-in only): UIKit raises them as the operation runs.
    public private(set) var exceptions: [StandInException] = []

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/init()
    public init() {}

    // MARK: Reading

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/numberofitems
    public var numberOfItems: Int { sectionOfItem.count }
    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/numberofsections
    public var numberOfSections: Int { sections.count }
    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/sectionidentifiers
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/itemidentifiers
    public var itemIdentifiers: [ItemIdentifierType] { Array(items.joined()) }
    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/reloadeditemidentifiers
    public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItems.elements }
    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/reconfigureditemidentifiers
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItems.elements }
    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/reloadedsectionidentifiers
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSections.elements }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/numberofitems(insection:)
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        itemIdentifiers(inSection: identifier).count
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/itemidentifiers(insection:)
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        guard let section = indexOfSection(identifier) else { return [] }
        return items[section]
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/sectionidentifier(containingitem:)
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sectionOfItem[identifier]
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/indexofitem(_:)
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let path = indexPath(of: identifier) else { return nil }
        return items[..<path.section].reduce(0) { $0 + $1.count } + path.row
    }

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct/indexofsection(_:)
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        sections.firstIndex(of: identifier)
    }

    /// Where an item is: its section's index and its row there.
    func indexPath(of identifier: ItemIdentifierType) -> (section: Int, row: Int)? {
        guard let sectionID = sectionOfItem[identifier], let section = indexOfSection(sectionID),
              let row = items[section].firstIndex(of: identifier) else { return nil }
        return (section, row)
    }

    // MARK: Stand-in checks

    /// Records an exception and says no, for the guards of the operations.
    mutating func refuse(_ reason: String) -> Bool {
        exceptions.append(StandInException(.internalInconsistency, reason))
        return false
    }

    /// Whether new items are unique, among themselves and in the snapshot.
    mutating func acceptsNew(_ identifiers: [ItemIdentifierType], _ operation: String) -> Bool {
        var seen: Set<ItemIdentifierType> = []
        for identifier in identifiers where sectionOfItem[identifier] != nil || !seen.insert(identifier).inserted {
            return refuse("\(operation): item identifiers must be unique; \(identifier) is already in the snapshot or named twice")
        }
        return true
    }

    /// Whether new sections are unique, among themselves and in the snapshot.
    mutating func acceptsNew(sections identifiers: [SectionIdentifierType], _ operation: String) -> Bool {
        var seen = Set(sections)
        for identifier in identifiers where !seen.insert(identifier).inserted {
            return refuse("\(operation): section identifiers must be unique; \(identifier) is already in the snapshot or named twice")
        }
        return true
    }

    /// Whether every item named is in the snapshot.
    mutating func holds(_ identifiers: [ItemIdentifierType], _ operation: String) -> Bool {
        for identifier in identifiers where sectionOfItem[identifier] == nil {
            return refuse("\(operation): invalid item identifier \(identifier): it is not in the snapshot")
        }
        return true
    }

    /// The index of a section the snapshot holds, or nil (recorded).
    mutating func index(ofHeld identifier: SectionIdentifierType, _ operation: String) -> Int? {
        if let index = indexOfSection(identifier) { return index }
        _ = refuse("\(operation): invalid section identifier \(identifier): it is not in the snapshot")
        return nil
    }

    // MARK: Storage

    mutating func insert(_ identifiers: [ItemIdentifierType], inSection section: Int, at row: Int) {
        items[section].insert(contentsOf: identifiers, at: row)
        for identifier in identifiers { sectionOfItem[identifier] = sections[section] }
    }

    mutating func removeItems(_ identifiers: Set<ItemIdentifierType>) {
        var touched: Set<SectionIdentifierType> = []
        for identifier in identifiers {
            if let section = sectionOfItem.removeValue(forKey: identifier) { touched.insert(section) }
        }
        for (index, section) in sections.enumerated() where touched.contains(section) {
            items[index].removeAll { identifiers.contains($0) }
        }
        reloadedItems.remove(identifiers)
        reconfiguredItems.remove(identifiers)
    }

    mutating func insertSections(_ identifiers: [SectionIdentifierType], at index: Int) {
        sections.insert(contentsOf: identifiers, at: index)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: index)
    }

    mutating func removeSection(at index: Int) {
        for identifier in items[index] { sectionOfItem[identifier] = nil }
        reloadedItems.remove(Set(items[index]))
        reconfiguredItems.remove(Set(items[index]))
        reloadedSections.remove([sections[index]])
        sections.remove(at: index)
        items.remove(at: index)
    }

    mutating func markReloaded(_ identifiers: [ItemIdentifierType]) { reloadedItems.append(identifiers) }
    mutating func markReconfigured(_ identifiers: [ItemIdentifierType]) { reconfiguredItems.append(identifiers) }
    mutating func markReloaded(sections identifiers: [SectionIdentifierType]) { reloadedSections.append(identifiers) }
}

/// Identifiers in the order first named, each once.
struct OrderedIdentifiers<Element: Hashable & Sendable>: Sendable {
    private(set) var elements: [Element] = []
    private var members: Set<Element> = []

    mutating func append(_ new: [Element]) {
        for element in new where members.insert(element).inserted { elements.append(element) }
    }

    mutating func remove(_ gone: Set<Element>) {
        guard !members.isDisjoint(with: gone) else { return }
        members.subtract(gone)
        elements.removeAll { gone.contains($0) }
    }
}

/// What the diffable data sources read of the snapshot they show.
extension NSDiffableDataSourceSnapshot {
    /// The item at an index path, or nil when there is none.
    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard items.indices.contains(indexPath.sectionIndex),
              items[indexPath.sectionIndex].indices.contains(indexPath.rowIndex) else { return nil }
        return items[indexPath.sectionIndex][indexPath.rowIndex]
    }

    /// The index path of an item, or nil when the snapshot does not hold it.
    func listIndexPath(of item: ItemIdentifierType) -> IndexPath? {
        indexPath(of: item).map { IndexPath(standInRow: $0.row, section: $0.section) }
    }

    /// The snapshot as a data source keeps it once applied: the
    /// reconfigures and reloads it asked for are done.
    var applied: NSDiffableDataSourceSnapshot {
        var applied = self
        applied.reloadedItems = OrderedIdentifiers()
        applied.reconfiguredItems = OrderedIdentifiers()
        applied.reloadedSections = OrderedIdentifiers()
        return applied
    }

    /// The identifier of a section, or nil when there is none.
    func section(at index: Int) -> SectionIdentifierType? {
        sections.indices.contains(index) ? sections[index] : nil
    }
}
