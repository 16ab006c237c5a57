import AppleListStandIns
import FetchedResults
import Foundation
import PlumeTestSupport
import Testing
@testable import FetchedResultsDataSource

/// A ``CollectionViewDiffableAdapter`` whose cells come from cell
/// registrations, one per kind of cell, through the adapter's cell
/// provider.
@MainActor
@Suite struct CellRegistrationTests {
    /// The cell of one registration: it shows the item its handler gave.
    class EntryCell: UICollectionViewCell {
        var entry: Entry?
    }
    final class EvenCell: EntryCell {}
    final class OddCell: EntryCell {}

    /// Random change sets: after each, every item shows its own entry in a
    /// cell of its registration's class, and nothing raised (a reconfigure
    /// that dequeued through another registration would have: rows whose
    /// kind changed are reloaded).
    @Test(arguments: [111, 112])
    func everyItemShowsItsEntryInItsRegistrationsCell(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        let collection = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        let even = UICollectionView.CellRegistration<EvenCell, Entry> { cell, _, entry in cell.entry = entry }
        let odd = UICollectionView.CellRegistration<OddCell, Entry> { cell, _, entry in cell.entry = entry }
        let dataSource = try ArrayDataSource<Entry, Int, UICollectionViewCell>(
            sections: RandomChangeSet.randomList(using: &rng, nextID: &nextID), id: \.id,
            cellIdentifier: AdapterPropertyTests.kind) { _, _ in Issue.record("the cell provider configures the cells") }
        let adapter = CollectionViewDiffableAdapter(collectionView: collection, dataSource: dataSource) { collectionView, indexPath, entry in
            guard let entry, AdapterPropertyTests.kind(entry) == "Odd" else {
                return collectionView.dequeueConfiguredReusableCell(using: even, for: indexPath, item: entry)
            }
            return collectionView.dequeueConfiguredReusableCell(using: odd, for: indexPath, item: entry)
        }
        for round in 0..<PropertyTestScale.cases(200) {
            try AdapterPropertyTests.step(dataSource, using: &rng, nextID: &nextID)
            let shown = collection.displayedCells.joined().map { $0 as? EntryCell }
            #expect(shown.map { $0?.entry } == dataSource.items.map(Optional.some), "round \(round)")
            #expect(shown.map { $0 is OddCell } == dataSource.items.map { AdapterPropertyTests.kind($0) == "Odd" }, "round \(round)")
            #expect(collection.exceptions.isEmpty, "round \(round): \(collection.exceptions.map(\.reason))")
            if !collection.exceptions.isEmpty { break }
        }
        withExtendedLifetime(adapter) {}
    }
}
