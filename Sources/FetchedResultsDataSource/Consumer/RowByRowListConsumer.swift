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
    /// Refreshes the row at an index from the data source.
    func reloadRow(at index: Int)
    /// Reloads every row from the data source.
    func reloadData()
    /// A cell to configure for a flat row.
    func dequeueCell(withIdentifier identifier: String, forRow index: Int) -> Cell
}

/// Drives a ``RowByRowListTarget`` (an `NSTableView`) from batches: the
/// index correction for one-at-a-time application is done here.
///
/// Sections become header rows (group rows) when `showsSectionHeaders` is
/// true. Answer the list's own data source questions with
/// ``numberOfShownRows`` and ``location(ofShownRow:)``: they follow the
/// list through each step of a batch, where ``layout`` is already the
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

    /// Applies a batch one step at a time. The data source switches to the
    /// new state first; while the steps run, ``numberOfShownRows`` and
    /// ``location(ofShownRow:)`` answer for the rows as the target shows
    /// them after each step.
    public func performBatchUpdates<Item: Sendable>(_ batch: ListBatch<Item>, updateData: @escaping () -> Void) {
        let steps = batch.flatSteps(showsSectionHeaders: layout.showsSectionHeaders)
        let tracker = FlatRowTracker(oldCount: layout.count, steps: steps)
        updateData()
        layout.rowCounts = batch.newRowCounts
        inFlight = tracker
        defer { inFlight = nil }
        target.beginUpdates()
        for step in steps {
            inFlight?.apply(step)
            switch step {
            case .reload(let index, _): target.reloadRow(at: index)
            case .remove(let index): target.removeRow(at: index)
            case .insert(let index, _): target.insertRow(at: index)
            case .move(let from, let to): target.moveRow(at: from, to: to)
            }
        }
        inFlight = nil
        target.endUpdates()
    }

    /// The number of rows the target shows: during a batch, after the
    /// steps applied so far.
    public var numberOfShownRows: Int { inFlight?.count ?? layout.count }

    /// What the target shows at a flat row, in the data source's (new)
    /// state: a section's header (`item` nil) or a row. During a batch the
    /// row is named as the target has it after the steps applied so far.
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
        for indexPath in indexPaths { target.reloadRow(at: layout.index(of: indexPath)) }
    }

    public func dequeueCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Target.Cell {
        target.dequeueCell(withIdentifier: identifier, forRow: layout.index(of: indexPath))
    }
}
