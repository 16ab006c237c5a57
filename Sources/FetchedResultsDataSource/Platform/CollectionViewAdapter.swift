#if canImport(UIKit) && !os(watchOS)
import FetchedResults
import UIKit
#elseif os(Linux)
import AppleListStandIns
import FetchedResults
#endif

#if (canImport(UIKit) && !os(watchOS)) || os(Linux)

/// Connects a `UICollectionView` to a data source: it is the collection
/// view's `dataSource` and the data source's consumer. Keep a strong
/// reference to it (both sides hold it weakly).
///
/// Per change kind:
/// - sections deleted and inserted, items deleted, inserted and moved: in
///   one `performBatchUpdates(_:completion:)`, whose updates block also
///   switches the data source to the new state;
/// - section headers, when the adapter was given ``SectionHeaders``: asked
///   by the layout for each section shown; a section's title never changes
///   (a renamed section is deleted and inserted);
/// - items whose content changed, in place or while moving: never inside
///   that batch (UIKit turns a reload there into a delete plus an insert
///   whose position it does not document when items move), but right
///   after it, at their new index paths: `reconfigureItems(at:)` when the
///   item keeps its cell identifier, `reloadItems(at:)` when it changed.
@MainActor
public final class CollectionViewAdapter<Snapshot: ListSnapshot>: NSObject, ListConsumer, UICollectionViewDataSource {
    /// The collection view.
    public private(set) weak var collectionView: UICollectionView?
    /// The data source whose items the collection shows.
    public let dataSource: ListDataSource<Snapshot, UICollectionViewCell>
    /// Called when a move by the user fails in the model.
    public var onEditingError: ((any Error) -> Void)?
    /// Whether the collection view shows an index bar (`indexTitles(for:)`),
    /// off by default as for ``TableViewAdapter``. Set it before the view
    /// loads, or reload the view.
    public var showsSectionIndex = false
    private let sectionHeaders: SectionHeaders?

    /// How the adapter serves section headers: for each section the layout
    /// asks a header of (`UICollectionView.elementKindSectionHeader`), it
    /// dequeues the view class registered for that kind under
    /// `reuseIdentifier` and hands it the section's title.
    public struct SectionHeaders {
        /// The reuse identifier the header class is registered under.
        public var reuseIdentifier: String
        /// Shows a section's title in its header view.
        public var configure: (UICollectionReusableView, String?) -> Void

        /// Creates a header configuration.
        ///
        /// ```swift
        /// collectionView.register(TitleHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
        ///                         withReuseIdentifier: "Title")
        /// adapter = CollectionViewAdapter(collectionView: collectionView, dataSource: dataSource,
        ///                                 sectionHeaders: .init(reuseIdentifier: "Title") { view, title in
        ///     (view as? TitleHeader)?.label.text = title
        /// })
        /// ```
        public init(reuseIdentifier: String, configure: @escaping (UICollectionReusableView, String?) -> Void) {
            self.reuseIdentifier = reuseIdentifier
            self.configure = configure
        }
    }

    /// Connects a collection view and a data source, and loads the view.
    ///
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - dataSource: The data source whose items it shows.
    ///   - sectionHeaders: How to serve section headers, when the layout
    ///     has them; nil serves none (a layout asking for one then stops
    ///     the app with a message naming this parameter).
    public init(collectionView: UICollectionView, dataSource: ListDataSource<Snapshot, UICollectionViewCell>,
                sectionHeaders: SectionHeaders? = nil) {
        self.collectionView = collectionView
        self.dataSource = dataSource
        self.sectionHeaders = sectionHeaders
        super.init()
        collectionView.dataSource = self
        dataSource.consumer = self
    }

    // MARK: ListConsumer

    public func performBatchUpdates<Item: Sendable>(_ batch: ListBatch<Item>, updateData: @escaping () -> Void) {
        guard let collectionView else { return updateData() }
        let changes = batch.changes
        collectionView.performBatchUpdates {
            updateData()
            collectionView.deleteSections(IndexSet(changes.deletedSections))
            collectionView.insertSections(IndexSet(changes.insertedSections.map(\.index)))
            collectionView.deleteItems(at: changes.deletedRows)
            collectionView.insertItems(at: changes.insertedRows.map(\.indexPath))
            for move in changes.movedRows {
                collectionView.moveItem(at: move.from, to: move.to)
            }
        }
    }

    /// Changed rows are refreshed after the batch, at their new index
    /// paths, never reloaded inside it.
    public var refreshesChangedRowsAfterBatch: Bool { true }

    public func reloadData(_ snapshot: some ListSnapshot, updateData: () -> Void) {
        updateData()
        collectionView?.reloadData()
    }

    /// While the collection view has uncommitted updates (a drop or a reorder in
    /// progress), it is neither reloaded nor batch-updated ("avoid making
    /// any significant changes"): call ``/FetchedResultsDataSourceCore/ListDataSource/applyHeldBackUpdates()``
    /// when the interaction ends.
    public var holdsUpdatesBack: Bool { collectionView?.hasUncommittedUpdates ?? false }

    public func reconfigureRows(at indexPaths: [IndexPath]) {
        collectionView?.reconfigureItems(at: indexPaths)
    }

    public func reloadRows(at indexPaths: [IndexPath]) {
        collectionView?.reloadItems(at: indexPaths)
    }

    public func dequeueCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        guard let collectionView else { return UICollectionViewCell() }
        return collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    }

    // MARK: UICollectionViewDataSource

    public func numberOfSections(in collectionView: UICollectionView) -> Int {
        dataSource.numberOfSections
    }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        dataSource.numberOfRows(inSection: section)
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        dataSource.cell(for: self, at: indexPath)
    }

    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        guard kind == UICollectionView.elementKindSectionHeader, let sectionHeaders else {
            preconditionFailure("CollectionViewAdapter: the layout asks for a view of kind \(kind); register a view class for UICollectionView.elementKindSectionHeader and pass CollectionViewAdapter(collectionView:dataSource:sectionHeaders:) (section headers are the only supplementary views the adapter serves)")
        }
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: sectionHeaders.reuseIdentifier, for: indexPath)
        sectionHeaders.configure(view, dataSource.titleForHeader(inSection: indexPath.section))
        return view
    }

    public func indexTitles(for collectionView: UICollectionView) -> [String]? {
        showsSectionIndex ? dataSource.sectionIndexTitles : nil
    }

    public func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath {
        IndexPath(item: 0, section: dataSource.section(forSectionIndexTitle: title, at: index))
    }

    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        (dataSource as? any EditableListDataSource)?.canMoveRow(at: indexPath) ?? false
    }

    public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let editable = dataSource as? any EditableListDataSource else { return }
        do {
            try editable.moveRow(at: sourceIndexPath, to: destinationIndexPath)
        } catch {
            onEditingError?(error)
        }
    }
}
#endif
