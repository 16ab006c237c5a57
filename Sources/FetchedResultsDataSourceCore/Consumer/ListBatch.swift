import FetchedResults
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One change set as a list consumer applies it: the changes, plus the
/// row counts of each section before and after them.
///
/// The counts let a consumer that applies changes one at a time (see
/// FetchedResultsDataSource's `RowByRowListTarget`) correct every index for the operations already
/// applied, and let any consumer check the batch against what it shows.
public struct ListBatch<Item: Sendable>: Sendable {
    /// The changes, in the coordinates of one batch update.
    public var changes: ChangeSet<Item>
    /// The number of rows of each section before the batch.
    public var oldRowCounts: [Int]
    /// The number of rows of each section after the batch.
    public var newRowCounts: [Int]

    /// Creates a batch from a change set and the row counts around it.
    ///
    /// - Parameters:
    ///   - changes: The change set.
    ///   - oldRowCounts: The number of rows of each section before it.
    ///   - newRowCounts: The number of rows of each section after it.
    public init(changes: ChangeSet<Item>, oldRowCounts: [Int], newRowCounts: [Int]) {
        self.changes = changes
        self.oldRowCounts = oldRowCounts
        self.newRowCounts = newRowCounts
    }

    /// Creates the batch that turns `old` into `new`.
    ///
    /// - Parameters:
    ///   - changes: The change set computed between the two states.
    ///   - old: The sections before the change set.
    ///   - new: The sections after it.
    public init<Old, New>(changes: ChangeSet<Item>, from old: [ListSection<Old>], to new: [ListSection<New>]) {
        self.init(changes: changes, oldRowCounts: old.map(\.items.count), newRowCounts: new.map(\.items.count))
    }

    /// The rows to reconfigure after the batch, at their new index paths:
    /// the rows that moved and whose content changed too.
    ///
    /// UIKit does not refresh a moved cell, and reconfiguring inside the
    /// batch would resolve the index path against the old state, so the
    /// new content is applied once the batch is done.
    public var reconfiguredRows: [IndexPath] {
        changes.contentChangedMoves.map(\.to)
    }
}
