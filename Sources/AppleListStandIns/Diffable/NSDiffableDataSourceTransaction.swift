import Foundation

/// A stand-in for the `NSDiffableDataSourceTransaction` of UIKit: what a
/// reorder by the user changed, handed to the reordering handlers of a
/// `UICollectionViewDiffableDataSource`. It declares the snapshots before
/// and after the reorder and their difference (UIKit's also lists each
/// section's transaction, which nothing here uses).
///
/// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcetransaction-swift.struct
public struct NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>: Sendable
where SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable {
    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcetransaction-swift.struct/initialsnapshot
    public let initialSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcetransaction-swift.struct/finalsnapshot
    public let finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The difference between the items of the two snapshots, all
    /// sections in a row.
    ///
    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcetransaction-swift.struct/difference
    public let difference: CollectionDifference<ItemIdentifierType>

    init(initialSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
         finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
        self.initialSnapshot = initialSnapshot
        self.finalSnapshot = finalSnapshot
        difference = finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers)
    }
}

extension NSDiffableDataSourceSnapshot {
    /// The snapshot with the item at `from` moved to `to` (the index path
    /// it has once moved), as a reorder by the user leaves it; nil when
    /// either is out of bounds.
    func movingItem(at from: IndexPath, to: IndexPath) -> NSDiffableDataSourceSnapshot? {
        guard let item = item(at: from) else { return nil }
        var moved = self
        moved.removeItems([item])
        guard moved.items.indices.contains(to.sectionIndex), (0...moved.items[to.sectionIndex].count).contains(to.rowIndex) else { return nil }
        moved.insert([item], inSection: to.sectionIndex, at: to.rowIndex)
        return moved.applied
    }
}
