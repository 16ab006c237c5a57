import FetchedResults
import Foundation

/// A flat list that applies one operation at a time, each in the
/// coordinates left by the previous one, as AppKit's `NSTableView` does.
///
/// Wrap it in a ``RowByRowListConsumer`` to drive it from a data source:
/// the consumer turns every batch into single operations with the indexes
/// corrected.
@MainActor
public protocol RowByRowListTarget: AnyObject {
    /// The kind of cell (view) the list shows.
    associatedtype Cell

    /// Starts a group of operations animated together.
    func beginUpdates()
    /// Ends a group of operations.
    func endUpdates()
    /// Removes the row at an index.
    func removeRow(at index: Int)
    /// Inserts a row at an index.
    func insertRow(at index: Int)
    /// Moves a row so that it ends at `newIndex`.
    func moveRow(at oldIndex: Int, to newIndex: Int)
    /// Removes the rows at indexes of the list as it is, at once.
    ///
    /// The default implementation calls ``removeRow(at:)`` for each, from
    /// the last.
    func removeRows(at indexes: IndexSet)
    /// Inserts rows so that they end at these indexes, at once.
    ///
    /// The default implementation calls ``insertRow(at:)`` for each, from
    /// the first.
    func insertRows(at indexes: IndexSet)
    /// Refreshes the row at an index from the data source.
    func reloadRow(at index: Int)
    /// Refreshes rows from the data source after a batch (their content,
    /// and their height where rows differ in height).
    ///
    /// The default implementation calls ``reloadRow(at:)`` for each.
    func reloadRows(at indexes: IndexSet)
    /// Reloads every row from the data source.
    func reloadData()
    /// A cell to configure for a flat row.
    func dequeueCell(withIdentifier identifier: String, forRow index: Int) -> Cell
}

extension RowByRowListTarget {
    public func removeRows(at indexes: IndexSet) {
        for index in indexes.reversed() { removeRow(at: index) }
    }

    public func insertRows(at indexes: IndexSet) {
        for index in indexes { insertRow(at: index) }
    }

    public func reloadRows(at indexes: IndexSet) {
        for index in indexes { reloadRow(at: index) }
    }
}

/// Drives a ``RowByRowListTarget`` (an `NSTableView`) from batches: the
/// index correction for one-at-a-time application is done here.
///
/// Per change kind: every run of removed rows (deleted rows, deleted
/// sections with their header rows) is one ``RowByRowListTarget/removeRows(at:)``
/// call, every run of inserted rows one ``RowByRowListTarget/insertRows(at:)``
/// call, each move one ``RowByRowListTarget/moveRow(at:to:)``, all between
/// `beginUpdates()` and `endUpdates()`; rows whose content changed (in
/// place or while moving) are refreshed after `endUpdates()`, at their new
/// indexes, in one ``RowByRowListTarget/reloadRows(at:)`` call.
///
/// Sections become header rows (group rows) when `showsSectionHeaders` is
/// true. Answer the list's own data source questions with
/// ``numberOfShownRows`` and ``location(ofShownRow:)``: they follow the
/// list through each call of a batch, where ``layout`` is already the
/// final state.
@MainActor
public final class RowByRowListConsumer<Target: RowByRowListTarget>: ListConsumer {
    /// The list driven.
    public let target: Target
    /// Where each section and row sits in the flat list now.
    public private(set) var layout: FlatListLayout
    /// The rows shown while a batch is applied.
    private var inFlight: FlatRowTracker?

    /// Creates a consumer for a flat list.
    ///
    /// - Parameters:
    ///   - target: The list.
    ///   - showsSectionHeaders: Whether each section starts with a header row.
    public init(target: Target, showsSectionHeaders: Bool) {
        self.target = target
        self.layout = FlatListLayout(rowCounts: [], showsSectionHeaders: showsSectionHeaders)
    }

    /// Applies a batch one call at a time. The data source switches to the
    /// new state first; while the calls run, ``numberOfShownRows`` and
    /// ``location(ofShownRow:)`` answer for the rows as the target shows
    /// them after each call.
    ///
    /// - Complexity: O(n·c) for n rows and c calls (runs of removes or
    ///   inserts, and moves).
    public func performBatchUpdates<Item: Sendable>(_ batch: ListBatch<Item>, updateData: @escaping () -> Void) {
        let calls = FlatListCall.merging(batch.flatSteps(showsSectionHeaders: layout.showsSectionHeaders))
        let tracker = FlatRowTracker(oldCount: layout.count, calls: calls)
        updateData()
        layout.rowCounts = batch.newRowCounts
        inFlight = tracker
        defer { inFlight = nil }
        target.beginUpdates()
        for call in calls {
            inFlight?.apply(call)
            switch call {
            case .remove(let indexes): target.removeRows(at: indexes)
            case .insert(let indexes): target.insertRows(at: indexes)
            case .move(let from, let to): target.moveRow(at: from, to: to)
            }
        }
        inFlight = nil
        target.endUpdates()
    }

    /// Changed rows are refreshed after `endUpdates()`, at their new
    /// indexes (``reconfigureRows(at:)``).
    public var refreshesChangedRowsAfterBatch: Bool { true }

    /// The number of rows the target shows: during a batch, after the
    /// calls applied so far.
    public var numberOfShownRows: Int { inFlight?.count ?? layout.count }

    /// What the target shows at a flat row, in the data source's (new)
    /// state: a section's header (`item` nil) or a row. During a batch the
    /// row is named as the target has it after the calls applied so far.
    ///
    /// - Returns: The section and the row, or nil when out of bounds or
    ///   about to be removed.
    /// - Complexity: O(s) for s sections.
    public func location(ofShownRow row: Int) -> (section: Int, item: Int?)? {
        guard let inFlight else { return layout.location(ofFlatIndex: row) }
        return inFlight.newIndex(ofShownRow: row).flatMap(layout.location(ofFlatIndex:))
    }

    public func reloadData(_ snapshot: some ListSnapshot, updateData: () -> Void) {
        updateData()
        layout.rowCounts = snapshot.rowCounts
        target.reloadData()
    }

    public func reconfigureRows(at indexPaths: [IndexPath]) {
        target.reloadRows(at: IndexSet(indexPaths.map(layout.index(of:))))
    }

    public func dequeueCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Target.Cell {
        target.dequeueCell(withIdentifier: identifier, forRow: layout.index(of: indexPath))
    }
}
