#if canImport(UIKit) && !os(watchOS)
import FetchedResults
import Persistence
import UIKit
#elseif os(Linux)
import AppleListStandIns
import FetchedResults
import Persistence
#endif

#if (canImport(UIKit) && !os(watchOS)) || os(Linux)

/// Connects a `UICollectionView` to a data source through a
/// `UICollectionViewDiffableDataSource`, as ``TableViewDiffableAdapter``
/// does for a table view: one snapshot per update, edited by the change
/// set, changed items reconfigured (same cell identifier) or reloaded,
/// the first state and large change sets applied with
/// `applySnapshotUsingReloadData(_:completion:)`. Keep a strong reference
/// to it.
///
/// Cells come from the data source's cell closures, dequeued by their
/// identifier, or from a cell provider of yours (cell registrations:
/// ``init(collectionView:dataSource:sectionHeaders:cellProvider:)``),
/// configured with the item of the identifier UIKit names;
/// section headers from the `sectionHeaders` given to
/// ``init(collectionView:dataSource:sectionHeaders:)`` (or set the
/// diffable data source's `supplementaryViewProvider` yourself).
///
/// The user reorders items through the diffable data source's
/// `reorderingHandlers`, which the adapter sets: an item may move when the
/// data source's ``/FetchedResultsDataSourceCore/EditableListDataSource`` allows it (a
/// ``/FetchedResultsDataSourceCore/FetchedResultsDataSource`` with a `moveItem` closure), and a reorder
/// is handed to it as one move; the model's change then comes back as any
/// other commit.
///
/// ```swift
/// adapter = CollectionViewDiffableAdapter(collectionView: collectionView, dataSource: dataSource)
/// ```
@MainActor
public final class CollectionViewDiffableAdapter<Snapshot: DiffableListSnapshot>: NSObject {
    /// The collection view.
    public private(set) weak var collectionView: UICollectionView?
    /// The data source whose items the collection shows.
    public let dataSource: ListDataSource<Snapshot, UICollectionViewCell>
    /// The diffable data source the adapter applies snapshots to: the
    /// collection view's data source.
    public let diffableDataSource: UICollectionViewDiffableDataSource<DatabaseValue, Snapshot.ItemIdentifier>
    /// Whether updates are animated (`animatingDifferences`).
    public var animatesDifferences = true
    /// Called when a move by the user fails in the model.
    public var onEditingError: ((any Error) -> Void)?
    private let updater: DiffableListUpdater<Snapshot, UICollectionViewCell>

    /// Connects a collection view and a data source, and shows the data
    /// source's items, in cells from the data source's cell closures.
    ///
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - dataSource: The data source whose items it shows.
    ///   - sectionHeaders: How to serve section headers (the header view
    ///     class registered for `UICollectionView.elementKindSectionHeader`
    ///     and how it shows a title); nil sets no supplementary view
    ///     provider.
    public convenience init(collectionView: UICollectionView, dataSource: ListDataSource<Snapshot, UICollectionViewCell>,
                            sectionHeaders: CollectionViewAdapter<Snapshot>.SectionHeaders? = nil) {
        self.init(collectionView: collectionView, dataSource: dataSource, sectionHeaders: sectionHeaders, cellProvider: nil)
    }

    /// Connects a collection view and a data source, and shows the data
    /// source's items in the cells your provider gives: the way to use
    /// cell registrations.
    ///
    /// ```swift
    /// let photoCell = UICollectionView.CellRegistration<PhotoCell, Photo> { cell, _, photo in cell.show(photo) }
    /// let favoriteCell = UICollectionView.CellRegistration<FavoriteCell, Photo> { cell, _, photo in cell.show(photo) }
    /// let dataSource = FetchedResultsDataSource(controller: controller, cellIdentifier: { $0.isFavorite ? "Favorite" : "Photo" }) {
    ///     (_: UICollectionViewCell, _: Photo) in   // the registrations configure the cells
    /// }
    /// adapter = CollectionViewDiffableAdapter(collectionView: collectionView, dataSource: dataSource) { collectionView, indexPath, photo in
    ///     let registration = photo?.isFavorite == true ? favoriteCell : photoCell
    ///     return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: photo)
    /// }
    /// ```
    ///
    /// Name each registration's kind of cell in the data source's
    /// `cellIdentifier` closure: a row whose kind changes is reloaded, the
    /// others reconfigured (UIKit: "Your cell provider must dequeue the
    /// same type of cell for the provided index path"). The data source's
    /// `configureCell` closure is not called.
    ///
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - dataSource: The data source whose items it shows.
    ///   - sectionHeaders: How to serve section headers; nil sets no
    ///     supplementary view provider.
    ///   - cellProvider: The cell of an item at an index path. The item is
    ///     nil only for a row that cannot load (a controller's snapshot
    ///     with a batch size whose row was deleted before its page loaded;
    ///     the change set that removes it is on its way).
    public convenience init(collectionView: UICollectionView, dataSource: ListDataSource<Snapshot, UICollectionViewCell>,
                            sectionHeaders: CollectionViewAdapter<Snapshot>.SectionHeaders? = nil,
                            cellProvider: @escaping (UICollectionView, IndexPath, Snapshot.Item?) -> UICollectionViewCell) {
        self.init(collectionView: collectionView, dataSource: dataSource, sectionHeaders: sectionHeaders,
                  cellProvider: Optional(cellProvider))
    }

    private init(collectionView: UICollectionView, dataSource: ListDataSource<Snapshot, UICollectionViewCell>,
                 sectionHeaders: CollectionViewAdapter<Snapshot>.SectionHeaders?,
                 cellProvider: ((UICollectionView, IndexPath, Snapshot.Item?) -> UICollectionViewCell)?) {
        let updater = DiffableListUpdater(dataSource: dataSource)
        let diffable = UICollectionViewDiffableDataSource<DatabaseValue, Snapshot.ItemIdentifier>(collectionView: collectionView) {
            [unowned updater] collectionView, indexPath, identifier in
            guard let cellProvider else { return updater.cell(at: indexPath, showing: identifier) }
            return cellProvider(collectionView, indexPath, updater.item(at: indexPath, showing: identifier))
        }
        if let sectionHeaders {
            diffable.supplementaryViewProvider = { [weak dataSource] collectionView, kind, indexPath in
                let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: sectionHeaders.reuseIdentifier,
                                                                           for: indexPath)
                sectionHeaders.configure(view, dataSource?.titleForHeader(inSection: indexPath.section))
                return view
            }
        }
        self.collectionView = collectionView
        self.dataSource = dataSource
        self.diffableDataSource = diffable
        self.updater = updater
        super.init()
        followReorders(of: diffable)
        updater.connect(.init(show: { [weak self] snapshot, reloadingData in
            if reloadingData {
                diffable.applySnapshotUsingReloadData(snapshot)
            } else {
                diffable.apply(snapshot, animatingDifferences: self?.animatesDifferences ?? true)
            }
        }, dequeue: { [weak collectionView] identifier, indexPath in
            collectionView?.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath) ?? UICollectionViewCell(frame: .zero)
        }, hasUncommittedUpdates: { [weak collectionView] in collectionView?.hasUncommittedUpdates ?? false }))
    }
}

extension CollectionViewDiffableAdapter {
    /// Lets the user reorder the items the data source lets move, and
    /// hands each reorder to it.
    private func followReorders(of diffable: UICollectionViewDiffableDataSource<DatabaseValue, Snapshot.ItemIdentifier>) {
        diffable.reorderingHandlers.canReorderItem = { [weak self, weak diffable] item in
            guard let path = diffable?.indexPath(for: item), let editable = self?.dataSource as? any EditableListDataSource else { return false }
            return editable.canMoveRow(at: path)
        }
        diffable.reorderingHandlers.didReorder = { [weak self] transaction in
            self?.moveInTheModel(transaction)
        }
    }

    /// Tells the data source of a reorder by the user: one item moved,
    /// from its index path before to the one after. A reorder that is not
    /// one move shows the data source's state again, as does a model that
    /// fails (then ``onEditingError`` hears of it).
    private func moveInTheModel(_ transaction: NSDiffableDataSourceTransaction<DatabaseValue, Snapshot.ItemIdentifier>) {
        guard let editable = dataSource as? any EditableListDataSource else { return }
        guard let move = transaction.singleMove else {
            return dataSource.presenter.reload(dataSource.presenter.snapshot)
        }
        do {
            try editable.moveRow(at: move.from, to: move.to)
        } catch {
            onEditingError?(error)
        }
    }
}

extension NSDiffableDataSourceTransaction {
    /// The one item a reorder moved: its index path before, and after;
    /// nil when the transaction is not one move.
    var singleMove: (from: IndexPath, to: IndexPath)? {
        var removal: (offset: Int, item: ItemIdentifierType)?
        var insertion: (offset: Int, item: ItemIdentifierType)?
        for change in difference {
            switch change {
            case .remove(let offset, let item, _):
                guard removal == nil else { return nil }
                removal = (offset, item)
            case .insert(let offset, let item, _):
                guard insertion == nil else { return nil }
                insertion = (offset, item)
            }
        }
        guard let removal, let insertion, removal.item == insertion.item,
              let from = initialSnapshot.indexPath(ofItemAt: removal.offset),
              let to = finalSnapshot.indexPath(ofItemAt: insertion.offset) else { return nil }
        return (from, to)
    }
}

extension NSDiffableDataSourceSnapshot {
    /// The index path of the item at an offset of `itemIdentifiers` (all
    /// sections in a row), or nil past the end.
    ///
    /// - Complexity: O(s) for s sections.
    func indexPath(ofItemAt offset: Int) -> IndexPath? {
        var first = 0
        for (section, identifier) in sectionIdentifiers.enumerated() {
            let count = numberOfItems(inSection: identifier)
            if offset < first + count { return IndexPath(item: offset - first, section: section) }
            first += count
        }
        return nil
    }
}
#endif
