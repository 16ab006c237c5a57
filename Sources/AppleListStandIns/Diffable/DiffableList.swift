import Foundation

/// A UIKit list a diffable data source drives: `UITableView`,
/// `UICollectionView`.
@MainActor
protocol DiffableBatchView: AnyObject {
    /// Runs a difference as one batch update, switching the data source
    /// to the new state inside it, then refreshes the reconfigured and
    /// reloaded rows at their new index paths.
    func perform(_ difference: SnapshotDifference, switchingState: @escaping () -> Void, completion: (() -> Void)?)
    /// Reloads everything.
    func reloadData()
    /// Records an exception, leaving the list as it is.
    func record(_ exception: StandInException)
}

/// What the stand-in UIKit diffable data sources share: the snapshot
/// shown, and how a new one is applied to the view.
@MainActor
final class DiffableList<SectionIdentifierType, ItemIdentifierType>
where SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable {
    typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private(set) var current = Snapshot()
    private weak var view: (any DiffableBatchView)?

    init(view: any DiffableBatchView) {
        self.view = view
    }

    /// Diffs the snapshot with the one shown and runs the difference.
    func apply(_ snapshot: Snapshot, completion: (() -> Void)?) {
        guard let view, accepts(snapshot) else { return }
        let difference = SnapshotDifference(from: current, to: snapshot)
        view.perform(difference, switchingState: { self.current = snapshot.applied }, completion: completion)
    }

    /// Shows the snapshot without a diff.
    func reload(_ snapshot: Snapshot, completion: (() -> Void)?) {
        guard let view, accepts(snapshot) else { return }
        current = snapshot.applied
        view.reloadData()
        completion?()
    }

    /// Shows a snapshot the user's reorder left: the view already shows it.
    func takeReorder(_ snapshot: Snapshot) {
        current = snapshot
    }

    /// Records the exceptions the snapshot's operations raised; a snapshot
    /// with any is not shown (UIKit would have ended the app).
    private func accepts(_ snapshot: Snapshot) -> Bool {
        for exception in snapshot.exceptions { view?.record(exception) }
        return snapshot.exceptions.isEmpty
    }

    func numberOfItems(inSection section: Int) -> Int { current.items[section].count }
    func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }
    func indexPath(for item: ItemIdentifierType) -> IndexPath? { current.listIndexPath(of: item) }
    func sectionIdentifier(for index: Int) -> SectionIdentifierType? { current.section(at: index) }
}

extension UITableView: DiffableBatchView {
    func perform(_ difference: SnapshotDifference, switchingState: @escaping () -> Void, completion: (() -> Void)?) {
        performBatchUpdates({
            switchingState()
            self.deleteSections(difference.deletedSections, with: .automatic)
            self.insertSections(difference.insertedSections, with: .automatic)
            self.deleteRows(at: difference.deletedRows, with: .automatic)
            self.insertRows(at: difference.insertedRows, with: .automatic)
            for move in difference.movedRows { self.moveRow(at: move.from, to: move.to) }
        }, completion: { _ in completion?() })
        if !difference.reconfiguredRows.isEmpty { reconfigureRows(at: difference.reconfiguredRows) }
        if !difference.reloadedRows.isEmpty { reloadRows(at: difference.reloadedRows, with: .automatic) }
    }

    func record(_ exception: StandInException) { list.record(exception) }
}

extension UICollectionView: DiffableBatchView {
    func perform(_ difference: SnapshotDifference, switchingState: @escaping () -> Void, completion: (() -> Void)?) {
        performBatchUpdates({
            switchingState()
            self.deleteSections(difference.deletedSections)
            self.insertSections(difference.insertedSections)
            self.deleteItems(at: difference.deletedRows)
            self.insertItems(at: difference.insertedRows)
            for move in difference.movedRows { self.moveItem(at: move.from, to: move.to) }
        }, completion: { _ in completion?() })
        if !difference.reconfiguredRows.isEmpty { reconfigureItems(at: difference.reconfiguredRows) }
        if !difference.reloadedRows.isEmpty { reloadItems(at: difference.reloadedRows) }
    }

    func record(_ exception: StandInException) { list.record(exception) }
}
