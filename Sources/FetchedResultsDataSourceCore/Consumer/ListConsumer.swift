import FetchedResults
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Something that shows a sectioned list and applies change sets to it: a
/// table view, a collection view, a terminal list.
///
/// A data source (``ArrayDataSource``, ``FetchedResultsDataSource``) drives
/// its consumer: it never hands it index-path arithmetic to do, only
/// batches that keep the list-update rules (FetchedResults' article *Change
/// Sets and the List-Update Rules*). For every change it
/// calls, in order:
///
/// 1. ``performBatchUpdates(_:updateData:)`` — the consumer calls
///    `updateData` exactly once, at the moment its data source must switch
///    to the new state (inside `performBatchUpdates` for UIKit), then
///    applies the section and row deletes, inserts and moves — and the
///    reloads of `changes.updatedRows`, unless it
///    ``refreshesChangedRowsAfterBatch``;
/// 2. right after the batch, in new coordinates, for moved rows whose
///    content changed (and for `changes.updatedRows` when the consumer
///    ``refreshesChangedRowsAfterBatch``): ``reconfigureRows(at:)`` for
///    those that keep their kind of cell, ``reloadRows(at:)`` for those
///    whose cell identifier changed (UIKit reconfigures only a cell of the
///    same type);
/// 3. ``finishUpdate()``, once the update is delivered: a consumer that
///    collects an update before showing it (a diffable data source's
///    snapshot) shows it then.
///
/// A change set too large to animate (see
/// ``ListDataSource/reloadThreshold``) arrives as ``reloadData(_:updateData:)``.
///
/// Consumers that apply one operation at a time in the then-current
/// coordinates (AppKit's `NSTableView`) conform through
/// FetchedResultsDataSource's `RowByRowListConsumer`, which does the index correction.
@MainActor
public protocol ListConsumer<Cell>: AnyObject {
    /// The kind of cell the consumer shows (`UITableViewCell`,
    /// `TerminalCell`, …).
    associatedtype Cell

    /// Applies one batch of changes.
    ///
    /// - Parameters:
    ///   - batch: The changes and the row counts around them.
    ///   - updateData: Switches the data source to the new state; call it
    ///     once, before the consumer asks for new rows (UIKit runs the
    ///     updates block of `performBatchUpdates(_:completion:)` once,
    ///     before returning: its header declares it `NS_NOESCAPE`). It is
    ///     `@escaping` only because an optional block is escaping in Swift;
    ///     calls after the first do nothing.
    func performBatchUpdates<Item: Sendable>(_ batch: ListBatch<Item>, updateData: @escaping () -> Void)

    /// Whether rows whose content changed in place (`changes.updatedRows`)
    /// are left out of ``performBatchUpdates(_:updateData:)`` and refreshed
    /// right after it, at their new index paths, through
    /// ``reconfigureRows(at:)`` and ``reloadRows(at:)``, as moved rows
    /// whose content changed are.
    ///
    /// UIKit turns a reload inside a batch into a delete plus an insert
    /// whose position it does not document when rows also move, so the
    /// UIKit and AppKit adapters answer `true`. The default is `false`:
    /// the consumer reloads updated rows inside the batch.
    var refreshesChangedRowsAfterBatch: Bool { get }

    /// Throws away what the consumer shows and shows `snapshot` instead.
    ///
    /// - Parameters:
    ///   - snapshot: The new state.
    ///   - updateData: Switches the data source to the new state; call it
    ///     exactly once, before asking for rows.
    func reloadData(_ snapshot: some ListSnapshot, updateData: () -> Void)

    /// Refreshes the content of rows that stay where they are, after a
    /// batch (new coordinates).
    ///
    /// - Parameter indexPaths: The rows to refresh.
    func reconfigureRows(at indexPaths: [IndexPath])

    /// Replaces the cells of rows that stay where they are, after a batch
    /// (new coordinates): their kind of cell changed, so they need new
    /// cells rather than a reconfigure.
    ///
    /// The default implementation calls ``reconfigureRows(at:)``, right for
    /// consumers that build their cells afresh whenever they refresh.
    ///
    /// - Parameter indexPaths: The rows to replace.
    func reloadRows(at indexPaths: [IndexPath])

    /// Whether the consumer cannot take updates now: a UIKit list with
    /// uncommitted updates (a drop or a reorder in progress) must not be
    /// reloaded or batch-updated. While it answers `true`, the data source
    /// keeps the newest state aside and keeps answering with the state the
    /// list shows; ``ListDataSource/applyHeldBackUpdates()`` shows the
    /// newest state once the interaction ends (as does the next update).
    /// The default is `false`.
    var holdsUpdatesBack: Bool { get }

    /// Called once an update is delivered: after
    /// ``performBatchUpdates(_:updateData:)`` and the row refreshes that
    /// follow it. The default does nothing.
    func finishUpdate()

    /// A cell to configure for a row, reused where the consumer can.
    ///
    /// - Parameters:
    ///   - identifier: The kind of cell (from the data source's cell
    ///     identifier closure).
    ///   - indexPath: The row that will show it.
    func dequeueCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Cell
}

extension ListConsumer {
    public var refreshesChangedRowsAfterBatch: Bool { false }

    public func reloadRows(at indexPaths: [IndexPath]) {
        reconfigureRows(at: indexPaths)
    }

    public func finishUpdate() {}

    public var holdsUpdatesBack: Bool { false }
}
