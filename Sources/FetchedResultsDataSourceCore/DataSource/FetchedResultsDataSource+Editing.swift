import FetchedResults
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// From then on the data source answers as the list shows the rows.
    /// When the controller's next state has the rows in the order the list
    /// shows, the data source takes it without moving anything again, and
    /// refreshes the rows whose content changed (new positions); when the
    /// model ordered the rows otherwise, the list reloads. When the model's
    /// write left the results as they were (it kept the old order, or wrote
    /// nothing), no state comes: right after this call returns, the list
    /// shows the controller's rows again. Write synchronously in
    /// ``moveItem`` (`writeAndWait`) so that a move the model takes is
    /// never shown undone in between.
    ///
    /// - Throws: What ``moveItem`` throws; the list is reloaded then, to
    ///   put the row back.
    public func moveRow(at source: IndexPath, to destination: IndexPath) throws {
        guard let moveItem, source != destination else { return }
        let item = try item(at: source)
        presenter.userMoves.append(from: source, to: destination)
        do {
            try moveItem(item, source, destination)
        } catch {
            presenter.reload(presenter.snapshot)
            throw error
        }
        showTheControllersRowsIfTheMoveChangedNothing()
    }

    /// Once the list's move callback has returned (UIKit is still moving
    /// the row during it): when the user's moves are still unconfirmed and
    /// the controller computed no state since the one the data source
    /// holds, the model's write changed nothing shown, and the list shows
    /// the controller's rows again. A state on its way settles it instead
    /// (``applyAfterUserMoves(_:)``).
    private func showTheControllersRowsIfTheMoveChangedNothing() {
        Task { @MainActor [weak self] in
            guard let self, !presenter.userMoves.isEmpty, controller.hasComputedNothing(since: presenter.snapshot) else { return }
            presenter.reload(presenter.snapshot)
        }
    }

    /// Applies an update that follows moves the user made in the list.
    func applyAfterUserMoves(_ update: FetchedResultsUpdate<Item>) {
        let shownOrder = presenter.userMoves.applied(to: presenter.snapshot.identitySections().map(\.items))
        let newSections = update.snapshot.identitySections()
        let sameSections = update.snapshot.numberOfSections == presenter.snapshot.numberOfSections
            && (0..<update.snapshot.numberOfSections).allSatisfy {
                update.snapshot.sectionName(at: $0) == presenter.snapshot.sectionName(at: $0)
            }
        guard sameSections, newSections.map(\.items) == shownOrder else {
            presenter.reload(update.snapshot)
            return
        }
        var changed: [(old: Item?, new: Item, at: IndexPath)] = []
        for move in update.changes.contentChangedMoves {
            changed.append((try? self.item(at: move.to), move.item, move.to))
        }
        for row in update.changes.updatedRows {
            changed.append((try? self.item(at: row.to), row.item, row.to))
        }
        presenter.replaceSilently(with: update.snapshot, changed: changed)
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
