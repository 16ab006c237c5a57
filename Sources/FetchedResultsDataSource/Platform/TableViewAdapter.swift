#if canImport(UIKit) && !os(watchOS)
import FetchedResults
import UIKit
#elseif os(Linux)
import AppleListStandIns
import FetchedResults
#endif

#if (canImport(UIKit) && !os(watchOS)) || os(Linux)

/// Connects a `UITableView` to a data source: it is the table view's
/// `dataSource` and the data source's consumer. Keep a strong reference to
/// it (both sides hold it weakly).
///
/// Per change kind:
/// - sections deleted and inserted, rows deleted, inserted and moved: in
///   one `performBatchUpdates(_:completion:)`, whose updates block also
///   switches the data source to the new state (deletes name old index
///   paths, inserts new ones, moves go from old to new);
/// - rows whose content changed, in place or while moving: never inside
///   that batch (UIKit turns a reload there into a delete plus an insert
///   whose position it does not document when rows move), but right
///   after it, at their new index paths: `reconfigureRows(at:)` when the
///   row keeps its cell identifier (the cell, its first responder and its
///   self-sizing state stay), `reloadRows(at:with:)` when the identifier
///   changed;
/// - a section index (``showsSectionIndex``) is reloaded after a batch
///   that inserts or deletes sections.
///
/// ```swift
/// adapter = TableViewAdapter(tableView: tableView, dataSource: dataSource)
/// ```
@MainActor
public final class TableViewAdapter<Snapshot: ListSnapshot>: NSObject, ListConsumer, UITableViewDataSource {
    /// The table view.
    public private(set) weak var tableView: UITableView?
    /// The data source whose rows the table shows.
    public let dataSource: ListDataSource<Snapshot, UITableViewCell>
    /// The animation of inserted, deleted and reloaded rows.
    public var rowAnimation: UITableView.RowAnimation = .automatic
    /// Whether the table shows a section index (`sectionIndexTitles`);
    /// setting it reloads the index.
    public var showsSectionIndex = false {
        didSet { tableView?.reloadSectionIndexTitles() }
    }
    /// Called when a delete or move by the user fails in the model.
    public var onEditingError: ((any Error) -> Void)?

    /// Connects a table view and a data source, and loads the table.
    public init(tableView: UITableView, dataSource: ListDataSource<Snapshot, UITableViewCell>) {
        self.tableView = tableView
        self.dataSource = dataSource
        super.init()
        tableView.dataSource = self
        dataSource.consumer = self
    }

    // MARK: ListConsumer

    public func performBatchUpdates<Item: Sendable>(_ batch: ListBatch<Item>, updateData: @escaping () -> Void) {
        guard let tableView else { return updateData() }
        let changes = batch.changes
        let animation = rowAnimation
        tableView.performBatchUpdates {
            updateData()
            tableView.deleteSections(IndexSet(changes.deletedSections), with: animation)
            tableView.insertSections(IndexSet(changes.insertedSections.map(\.index)), with: animation)
            tableView.deleteRows(at: changes.deletedRows, with: animation)
            tableView.insertRows(at: changes.insertedRows.map(\.indexPath), with: animation)
            for move in changes.movedRows {
                tableView.moveRow(at: move.from, to: move.to)
            }
        }
        if showsSectionIndex, !changes.deletedSections.isEmpty || !changes.insertedSections.isEmpty {
            tableView.reloadSectionIndexTitles()
        }
    }

    /// Changed rows are refreshed after the batch, at their new index
    /// paths, never reloaded inside it.
    public var refreshesChangedRowsAfterBatch: Bool { true }

    public func reloadData(_ snapshot: some ListSnapshot, updateData: () -> Void) {
        updateData()
        tableView?.reloadData()
    }

    /// While the table view has uncommitted updates (a drop or a reorder in
    /// progress), it is neither reloaded nor batch-updated ("avoid making
    /// any significant changes"): call ``/FetchedResultsDataSourceCore/ListDataSource/applyHeldBackUpdates()``
    /// when the interaction ends.
    public var holdsUpdatesBack: Bool { tableView?.hasUncommittedUpdates ?? false }

    public func reconfigureRows(at indexPaths: [IndexPath]) {
        tableView?.reconfigureRows(at: indexPaths)
    }

    public func reloadRows(at indexPaths: [IndexPath]) {
        tableView?.reloadRows(at: indexPaths, with: rowAnimation)
    }

    public func dequeueCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard let tableView else { return UITableViewCell(style: .default, reuseIdentifier: identifier) }
        return tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
    }

    // MARK: UITableViewDataSource

    public func numberOfSections(in tableView: UITableView) -> Int {
        dataSource.numberOfSections
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        dataSource.numberOfRows(inSection: section)
    }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        dataSource.cell(for: self, at: indexPath)
    }

    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        dataSource.titleForHeader(inSection: section)
    }

    public func sectionIndexTitles(for tableView: UITableView) -> [String]? {
        showsSectionIndex ? dataSource.sectionIndexTitles : nil
    }

    public func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        dataSource.section(forSectionIndexTitle: title, at: index)
    }

    #if !os(tvOS)
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        (dataSource as? any EditableListDataSource)?.canDeleteRow(at: indexPath) ?? false
    }

    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        (dataSource as? any EditableListDataSource)?.canMoveRow(at: indexPath) ?? false
    }

    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                          forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete, let editable = dataSource as? any EditableListDataSource else { return }
        do {
            try editable.deleteRow(at: indexPath)
        } catch {
            onEditingError?(error)
        }
    }

    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let editable = dataSource as? any EditableListDataSource else { return }
        do {
            try editable.moveRow(at: sourceIndexPath, to: destinationIndexPath)
        } catch {
            onEditingError?(error)
        }
    }
    #endif
}
#endif
