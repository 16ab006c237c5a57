import Foundation

/// A stand-in for AppKit's `NSTableViewDiffableDataSource`: the table
/// view's data source, whose cell provider "replaces the
/// `tableView(_:viewFor:row:)` delegate method" (`init(tableView:cellProvider:)`).
/// With a ``sectionHeaderViewProvider``, each section starts with a group
/// row showing its header.
///
/// Applying a snapshot changes the table one call at a time, as AppKit's
/// table applies them (rows removed, then moved or inserted in ascending
/// order, inside `beginUpdates()`/`endUpdates()`), then reloads the rows
/// of reconfigured and reloaded items. With `animatingDifferences`
/// false, "the system sets the table view UI to the new state without any
/// animations, with no additional overhead for computing a diff": the
/// table reloads. A snapshot whose operations raised is not shown; its
/// exceptions go to the table's `exceptions`.
///
/// AppKit declares its identifiers `Hashable` only; the one stand-in
/// snapshot serves UIKit and AppKit, so they are `Sendable` too here.
///
/// https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl
@MainActor
open class NSTableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: NSObject, NSTableViewDataSource, RowViewProviding
where SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable {
    /// https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl/cellprovider
    public typealias CellProvider = (NSTableView, NSTableColumn, Int, ItemIdentifierType) -> NSView
    /// https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl/sectionheaderviewprovider-swift.typealias
    public typealias SectionHeaderViewProvider = (NSTableView, Int, SectionIdentifierType) -> NSView

    /// A row of the table: a section's header or an item.
    enum Row: Hashable {
        case header(SectionIdentifierType)
        case item(ItemIdentifierType)
    }

    private weak var tableView: NSTableView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    private var rows: [Row] = []
    /// https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl/sectionheaderviewprovider-swift.property
    open var sectionHeaderViewProvider: SectionHeaderViewProvider?
    /// https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl/defaultrowanimation
    open var defaultRowAnimation: NSTableView.AnimationOptions = .effectFade

    /// https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl/init(tableview:cellprovider:)
    public init(tableView: NSTableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    /// https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl/snapshot()
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        current
    }

    /// https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl/apply(_:animatingdifferences:completion:)
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool, completion: (() -> Void)? = nil) {
        guard let tableView else { return }
        for exception in snapshot.exceptions { tableView.record(exception) }
        guard snapshot.exceptions.isEmpty else { return }
        let new = Self.rows(of: snapshot, headers: sectionHeaderViewProvider != nil)
        guard animatingDifferences else {
            (current, rows) = (snapshot.applied, new)
            tableView.reloadData()
            completion?()
            return
        }
        tableView.beginUpdates()  // the table loads the old rows first, if it has not yet
        let old = rows
        (current, rows) = (snapshot.applied, new)
        RowSteps(from: old, to: rows).run(on: tableView, animation: defaultRowAnimation)
        tableView.endUpdates()
        reloadRefreshedRows(of: snapshot, in: tableView)
        completion?()
    }

    private func reloadRefreshedRows(of snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                     in tableView: NSTableView) {
        let refreshed = Set((snapshot.reconfiguredItemIdentifiers + snapshot.reloadedItemIdentifiers).map(Row.item))
        let indexes = IndexSet(rows.indices.filter { refreshed.contains(rows[$0]) })
        if !indexes.isEmpty { tableView.reloadData(forRowIndexes: indexes, columnIndexes: IndexSet(integer: 0)) }
    }

    private static func rows(of snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                             headers: Bool) -> [Row] {
        zip(snapshot.sections, snapshot.items).flatMap { section, items in
            (headers ? [Row.header(section)] : []) + items.map(Row.item)
        }
    }

    /// https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl/itemidentifier(forrow:)
    open func itemIdentifier(forRow row: Int) -> ItemIdentifierType? {
        guard rows.indices.contains(row), case .item(let item) = rows[row] else { return nil }
        return item
    }

    /// https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl/row(foritemidentifier:)
    open func row(forItemIdentifier identifier: ItemIdentifierType) -> Int? {
        rows.firstIndex(of: .item(identifier))
    }

    /// https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl/sectionidentifier(forrow:)
    open func sectionIdentifier(forRow row: Int) -> SectionIdentifierType? {
        guard rows.indices.contains(row) else { return nil }
        switch rows[row] {
        case .header(let section): return section
        case .item(let item): return current.sectionIdentifier(containingItem: item)
        }
    }

    /// https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl/row(forsectionidentifier:)
    open func row(forSectionIdentifier identifier: SectionIdentifierType) -> Int? {
        rows.firstIndex(of: .header(identifier))
    }

    // MARK: NSTableViewDataSource

    /// https://developer.apple.com/documentation/appkit/nstableviewdatasource/numberofrows(in:)
    open func numberOfRows(in tableView: NSTableView) -> Int {
        rows.count
    }

    func isGroupRow(_ row: Int) -> Bool {
        guard rows.indices.contains(row), case .header = rows[row] else { return false }
        return true
    }

    func view(in tableView: NSTableView, column: NSTableColumn?, row: Int) -> NSView? {
        guard rows.indices.contains(row) else { return nil }
        switch rows[row] {
        case .header(let section):
            return sectionHeaderViewProvider?(tableView, row, section)
        case .item(let item):
            return cellProvider(tableView, column ?? NSTableColumn(identifier: NSUserInterfaceItemIdentifier(rawValue: "")), row, item)
        }
    }
}

/// The calls that take an `NSTableView` from one list of rows to another,
/// each in the coordinates the previous ones left: removals, then each
/// position from the top either kept, filled by a move from below, or
/// inserted.
///
/// - Complexity: O(n·k) for n rows and k moves and inserts.
struct RowSteps<Row: Hashable> {
    let old: [Row]
    let new: [Row]

    init(from old: [Row], to new: [Row]) {
        self.old = old
        self.new = new
    }

    @MainActor
    func run(on tableView: NSTableView, animation: NSTableView.AnimationOptions) {
        let kept = Set(new)
        let removed = IndexSet(old.indices.filter { !kept.contains(old[$0]) })
        if !removed.isEmpty { tableView.removeRows(at: removed, withAnimation: animation) }
        var shown = old.filter(kept.contains)
        for (position, row) in new.enumerated() {
            if position < shown.count, shown[position] == row { continue }
            if let from = shown[position...].firstIndex(of: row) {
                shown.insert(shown.remove(at: from), at: position)
                tableView.moveRow(at: from, to: position)
            } else {
                shown.insert(row, at: position)
                tableView.insertRows(at: IndexSet(integer: position), withAnimation: animation)
            }
        }
    }
}
