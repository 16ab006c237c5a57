import FetchedResults
import Foundation

/// A data source whose rows the user can delete and move; the list
/// adapters forward their editing callbacks to it.
@MainActor
public protocol EditableListDataSource: AnyObject {
    /// Whether the user may delete the row.
    func canDeleteRow(at indexPath: IndexPath) -> Bool
    /// Whether the user may move the row.
    func canMoveRow(at indexPath: IndexPath) -> Bool
    /// The user deleted a row.
    ///
    /// - Throws: The model's error; the list is unchanged then.
    func deleteRow(at indexPath: IndexPath) throws
    /// The user moved a row; the list already shows it at `destination`.
    ///
    /// - Throws: The model's error; the list reloads then.
    func moveRow(at source: IndexPath, to destination: IndexPath) throws
}

extension FetchedResultsDataSource: EditableListDataSource {
    /// Whether the user may delete the row (a ``deleteItem`` closure is set
    /// and ``canEditItem`` allows it).
    public func canDeleteRow(at indexPath: IndexPath) -> Bool {
        deleteItem != nil && canEdit(at: indexPath)
    }

    /// Whether the user may move the row (a ``moveItem`` closure is set and
    /// ``canEditItem`` allows it).
    public func canMoveRow(at indexPath: IndexPath) -> Bool {
        moveItem != nil && canEdit(at: indexPath)
    }

    /// The user deleted a row: deletes its item through ``deleteItem``. The
    /// list changes when the controller delivers the change set.
    ///
    /// - Throws: What ``deleteItem`` throws; the list is unchanged then.
    public func deleteRow(at indexPath: IndexPath) throws {
        guard let deleteItem else { return }
        try deleteItem(try item(at: indexPath))
    }

    /// The user moved a row (the list already shows it at `destination`):
    /// moves its item through ``moveItem``.
    ///
    /// When the controller's change set is that same move (plus content
    /// updates, such as new positions), the data source takes the new state
    /// without asking the list to move the row again; when the model
    /// ordered the rows otherwise, the list reloads.
    ///
    /// - Throws: What ``moveItem`` throws; the list is reloaded then, to
    ///   put the row back.
    public func moveRow(at source: IndexPath, to destination: IndexPath) throws {
        guard let moveItem, source != destination else { return }
        pendingUserMove = (source, destination)
        do {
            try moveItem(try item(at: source), source, destination)
        } catch {
            pendingUserMove = nil
            presenter.reload(presenter.snapshot)
            throw error
        }
    }

    /// Applies the change set that follows a user-driven move.
    func applyAfterUserMove(_ move: (from: IndexPath, to: IndexPath), _ update: FetchedResultsUpdate<Item>) {
        let changes = update.changes
        let isThatMove = changes.movedRows.count == 1 && changes.movedRows[0].from == move.from && changes.movedRows[0].to == move.to
            && changes.deletedRows.isEmpty && changes.insertedRows.isEmpty
            && changes.deletedSections.isEmpty && changes.insertedSections.isEmpty
        guard isThatMove else {
            presenter.reload(update.snapshot)
            return
        }
        let reconfigured = (changes.movedRows[0].isContentChanged ? [move.to] : []) + changes.updatedRows.map(\.to)
        presenter.replaceSilently(with: update.snapshot, reconfiguring: reconfigured)
    }
}

extension FetchedResultsDataSource {
    /// Whether ``canEditItem`` allows editing the row; a row that no
    /// longer loads (deleted, its change set on its way) is not editable.
    private func canEdit(at indexPath: IndexPath) -> Bool {
        guard let canEditItem else { return true }
        guard let item = try? item(at: indexPath) else { return false }
        return canEditItem(item)
    }
}
