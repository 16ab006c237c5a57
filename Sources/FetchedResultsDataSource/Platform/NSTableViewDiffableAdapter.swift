#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import FetchedResults
import Persistence
#elseif os(Linux)
import AppleListStandIns
import FetchedResults
import Persistence
#endif

#if (canImport(AppKit) && !targetEnvironment(macCatalyst)) || os(Linux)

/// Connects an `NSTableView` to a data source through an
/// `NSTableViewDiffableDataSource`, as ``TableViewDiffableAdapter`` does
/// for UIKit: one snapshot per update, edited by the change set, changed
/// rows reconfigured (same cell identifier) or reloaded. AppKit's
/// diffable data source has no `applySnapshotUsingReloadData`: the first
/// state and large change sets are applied with `animatingDifferences`
/// false, which "sets the table view UI to the new state without any
/// animations, with no additional overhead for computing a diff". Keep a
/// strong reference to it.
///
/// Sections show as group rows titled by
/// ``/FetchedResultsDataSourceCore/ListViewDataSource/titleForHeader(inSection:)`` (the diffable data
/// source's `sectionHeaderViewProvider`) unless `showsSectionHeaders` is
/// false. The table's delegate stays the app's.
///
/// ```swift
/// adapter = NSTableViewDiffableAdapter(tableView: tableView, dataSource: dataSource)
/// ```
@MainActor
public final class NSTableViewDiffableAdapter<Snapshot: DiffableListSnapshot>: NSObject {
    /// The table view.
    public private(set) weak var tableView: NSTableView?
    /// The data source whose rows the table shows.
    public let dataSource: ListDataSource<Snapshot, NSView>
    /// The diffable data source the adapter applies snapshots to: the
    /// table view's data source.
    public let diffableDataSource: NSTableViewDiffableDataSource<DatabaseValue, Snapshot.ItemIdentifier>
    /// Whether updates are animated (`animatingDifferences`).
    public var animatesDifferences = true
    private let updater: DiffableListUpdater<Snapshot, NSView>
    /// Whether each section starts with a group row showing its title.
    public let showsSectionHeaders: Bool

    /// Connects a table view and a data source, and shows the data
    /// source's rows.
    ///
    /// - Parameters:
    ///   - tableView: The table view.
    ///   - dataSource: The data source whose rows it shows.
    ///   - showsSectionHeaders: Whether each section starts with a group
    ///     row showing its title.
    public init(tableView: NSTableView, dataSource: ListDataSource<Snapshot, NSView>, showsSectionHeaders: Bool = true) {
        let updater = DiffableListUpdater(dataSource: dataSource)
        let target = NSTableViewTarget(tableView: tableView)
        let diffable = NSTableViewDiffableDataSource<DatabaseValue, Snapshot.ItemIdentifier>(tableView: tableView) {
            [unowned updater, weak dataSource] _, _, row, identifier in
            guard let dataSource, let location = Self.location(ofRow: row, in: dataSource, headers: showsSectionHeaders),
                  let item = location.item else { return NSView() }
            return updater.cell(at: IndexPath(item: item, section: location.section), showing: identifier) ?? NSView()
        }
        if showsSectionHeaders {
            diffable.sectionHeaderViewProvider = { [weak dataSource] _, row, _ in
                guard let dataSource, let location = Self.location(ofRow: row, in: dataSource, headers: true) else { return NSView() }
                return target.headerView(title: dataSource.titleForHeader(inSection: location.section) ?? "")
            }
        }
        self.tableView = tableView
        self.dataSource = dataSource
        self.diffableDataSource = diffable
        self.updater = updater
        self.showsSectionHeaders = showsSectionHeaders
        super.init()
        updater.connect(.init(show: { [weak self] snapshot, reloadingData in
            diffable.apply(snapshot, animatingDifferences: !reloadingData && self?.animatesDifferences ?? true)
        }, dequeue: { identifier, indexPath in
            target.dequeueCell(withIdentifier: identifier, forRow: indexPath.item)
        }))
    }

    /// Where a table row is: its section, and its item there (nil for the
    /// section's group row).
    ///
    /// - Complexity: O(s) for s sections.
    static func location(ofRow row: Int, in dataSource: ListDataSource<Snapshot, NSView>,
                         headers: Bool) -> (section: Int, item: Int?)? {
        var first = 0
        let header = headers ? 1 : 0
        for section in 0..<dataSource.numberOfSections {
            let count = dataSource.numberOfRows(inSection: section)
            if row < first + header + count {
                return (section, row < first + header ? nil : row - first - header)
            }
            first += header + count
        }
        return nil
    }
}
#endif
