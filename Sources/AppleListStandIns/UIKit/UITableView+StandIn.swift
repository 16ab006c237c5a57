import Foundation

/// What only the stand-in offers: what the table shows, the exceptions it
/// raised, and the user's gestures.
extension UITableView {
    /// The exceptions raised so far, oldest first (UIKit would have ended
    /// the app at the first).
    public var exceptions: [StandInException] { list.exceptions }

    /// The user drags something over the list and drops it (true), or the
    /// drop ends (false): ``hasUncommittedUpdates`` follows.
    public func simulateDrop(inProgress: Bool) {
        list.hasUncommittedUpdates = inProgress
    }

    /// The reloads and batch updates asked while ``hasUncommittedUpdates``
    /// was true.
    public var changesDuringUncommittedUpdates: Int { list.changesDuringUncommittedUpdates }

    /// The cells shown, by section, loading the table first if needed.
    public var displayedCells: [[UITableViewCell]] {
        list.loadIfNeeded()
        return list.cells
    }

    /// The section header titles shown.
    public var displayedHeaderTitles: [String?] { list.loadedTitles }


    /// The section index shown (nil for none), as last asked by
    /// `reloadData()` or `reloadSectionIndexTitles()`.
    public var displayedSectionIndexTitles: [String]? { list.loadedIndexTitles }

    /// Ends the running animations: completion handlers run with `true`.
    public func finishAnimations() {
        list.finishAnimations()
    }

    /// The user swipes a row and taps Delete: offered when the data source
    /// lets the row be edited, it calls
    /// `tableView(_:commit:forRowAt:)` with `.delete`. The table does not
    /// remove the row itself: the data source deletes it (in a batch).
    ///
    /// - Returns: Whether Delete was offered.
    @discardableResult
    public func simulateSwipeToDelete(at indexPath: IndexPath) -> Bool {
        list.loadIfNeeded()
        guard let dataSource, list.cell(at: indexPath) != nil,
              dataSource.tableView(self, canEditRowAt: indexPath) else { return false }
        dataSource.tableView(self, commit: .delete, forRowAt: indexPath)
        return true
    }

    /// The user drags a row to another place in editing mode: offered when
    /// the data source lets the row move, the table moves the cell itself,
    /// then tells the data source through `tableView(_:moveRowAt:to:)`.
    ///
    /// - Returns: Whether the row could be moved.
    @discardableResult
    public func simulateUserMove(from source: IndexPath, to destination: IndexPath) -> Bool {
        guard let dataSource else { return false }
        return list.moveByUser(from: source, to: destination,
                               allowed: { dataSource.tableView(self, canMoveRowAt: source) },
                               tell: { dataSource.tableView(self, moveRowAt: source, to: destination) })
    }
}
