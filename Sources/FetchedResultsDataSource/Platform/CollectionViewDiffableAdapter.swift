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
/// identifier; section headers from the `sectionHeaders` given to
/// ``init(collectionView:dataSource:sectionHeaders:)`` (or set the
/// diffable data source's `supplementaryViewProvider` yourself).
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
    private let updater: DiffableListUpdater<Snapshot, UICollectionViewCell>

    /// Connects a collection view and a data source, and shows the data
    /// source's items.
    ///
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - dataSource: The data source whose items it shows.
    ///   - sectionHeaders: How to serve section headers (the header view
    ///     class registered for `UICollectionView.elementKindSectionHeader`
    ///     and how it shows a title); nil sets no supplementary view
    ///     provider.
    public init(collectionView: UICollectionView, dataSource: ListDataSource<Snapshot, UICollectionViewCell>,
                sectionHeaders: CollectionViewAdapter<Snapshot>.SectionHeaders? = nil) {
        let updater = DiffableListUpdater(dataSource: dataSource)
        let diffable = UICollectionViewDiffableDataSource<DatabaseValue, Snapshot.ItemIdentifier>(collectionView: collectionView) {
            [unowned updater] _, indexPath, identifier in updater.cell(at: indexPath, showing: identifier)
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
#endif
