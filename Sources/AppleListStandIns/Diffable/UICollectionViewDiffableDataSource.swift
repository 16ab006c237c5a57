import Foundation

/// A stand-in for UIKit's `UICollectionViewDiffableDataSource`, applying
/// snapshots as the stand-in ``UITableViewDiffableDataSource`` does (one
/// batch update of the collection view computed by identifier, then the
/// reconfigured and reloaded items at their new index paths). Section
/// headers come from ``supplementaryViewProvider``; without one, a layout
/// that asks for headers gets none and the collection view records the
/// exception it records for any data source without supplementary views.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa
@MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: NSObject, UICollectionViewDataSource
where SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/cellprovider
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/supplementaryviewprovider-swift.typealias
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    /// The handlers of a reorder by the user. "The system calls the
    /// `didReorder` handler after a reordering transaction occurs, so you
    /// can update your data backing store with information about the
    /// changes" (`reorderingHandlers`): the stand-in offers a move when
    /// `canReorderItem` allows the item, and applies it to the snapshot it
    /// shows before `didReorder` runs.
    ///
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/reorderinghandlers-swift.struct
    public struct ReorderingHandlers {
        /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/reorderinghandlers-swift.struct/canreorderitem
        public var canReorderItem: ((ItemIdentifierType) -> Bool)?
        /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/reorderinghandlers-swift.struct/willreorder
        public var willReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/reorderinghandlers-swift.struct/didreorder
        public var didReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

        /// No handlers: items cannot be reordered.
        public init() {}
    }

    private let cellProvider: CellProvider
    private let list: DiffableList<SectionIdentifierType, ItemIdentifierType>
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/supplementaryviewprovider-swift.property
    open var supplementaryViewProvider: SupplementaryViewProvider?
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/reorderinghandlers-swift.property
    public var reorderingHandlers = ReorderingHandlers()

    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/init(collectionview:cellprovider:)
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.cellProvider = cellProvider
        list = DiffableList(view: collectionView)
        super.init()
        collectionView.dataSource = self
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/snapshot()
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        list.current
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/apply(_:animatingdifferences:completion:)
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        list.apply(snapshot, completion: completion)
    }

    /// "Resets the UI to reflect the state of the data in the snapshot
    /// without computing a diff or animating the changes."
    ///
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/applysnapshotusingreloaddata(_:completion:)
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        list.reload(snapshot, completion: completion)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/itemidentifier(for:)
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        list.itemIdentifier(for: indexPath)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/indexpath(for:)
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        list.indexPath(for: itemIdentifier)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/sectionidentifier(for:)
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        list.sectionIdentifier(for: index)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/index(for:)
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        list.current.indexOfSection(sectionIdentifier)
    }

    // MARK: UICollectionViewDataSource

    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/numberofsections(in:)
    open func numberOfSections(in collectionView: UICollectionView) -> Int {
        list.current.numberOfSections
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/collectionview(_:numberofitemsinsection:)
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        list.numberOfItems(inSection: section)
    }

    /// The cell the cell provider gives for the item; a nil one raises.
    ///
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/collectionview(_:cellforitemat:)
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
            collectionView.record(StandInException(.internalInconsistency, "the cell provider returned no cell for item \(indexPath.standInText)"))
            return UICollectionViewCell(frame: .zero)
        }
        return cell
    }

    /// Whether the user may move an item: what `canReorderItem` says of
    /// it (no handler: no).
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        guard let item = itemIdentifier(for: indexPath), let canReorderItem = reorderingHandlers.canReorderItem else { return false }
        return canReorderItem(item)
    }

    /// The user moved an item (the view already shows it there): the
    /// snapshot shown takes the move, between `willReorder` and
    /// `didReorder`.
    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
                             to destinationIndexPath: IndexPath) {
        guard let final = list.current.movingItem(at: sourceIndexPath, to: destinationIndexPath) else { return }
        let transaction = NSDiffableDataSourceTransaction(initialSnapshot: list.current, finalSnapshot: final)
        reorderingHandlers.willReorder?(transaction)
        list.takeReorder(final)
        reorderingHandlers.didReorder?(transaction)
    }

    /// The view the supplementary view provider gives; none raises ("You
    /// must not return nil from this method",
    /// `collectionView(_:viewForSupplementaryElementOfKind:at:)`).
    ///
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/collectionview(_:viewforsupplementaryelementofkind:at:)
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
            collectionView.record(StandInException(.internalInconsistency, "no supplementary view of kind \(kind) at \(indexPath.standInText): the supplementary view provider is missing or returned nil"))
            return UICollectionReusableView(frame: .zero)
        }
        return view
    }
}
