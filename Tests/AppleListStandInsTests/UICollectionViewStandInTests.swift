import AppleListStandIns
import FetchedResults
import Foundation
import Testing

/// The stand-in `UICollectionView` checks batches as the table view does.
@MainActor
@Suite struct UICollectionViewStandInTests {
    func makeCollection(_ sections: [[String]]) -> (UICollectionView, StringsDataSource) {
        let collection = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        collection.register(TextCell.self, forCellWithReuseIdentifier: "Cell")
        let source = StringsDataSource(sections)
        collection.dataSource = source
        _ = collection.displayedCells
        return (collection, source)
    }

    @Test func anItemCountThatDoesNotAddUpRaises() {
        let (collection, source) = makeCollection([["a"]])
        collection.performBatchUpdates {
            source.sections = [["a", "b"]]
        }
        #expect(collection.exceptions.first?.reason.hasPrefix("Invalid update: invalid number of items in section 0") == true)
    }

    /// A flow layout with a header size asks the data source for a header
    /// per section ("If the size in the appropriate scrolling dimension is
    /// 0, no header is added"); one that cannot give one is an exception.
    @Test func aLayoutWithHeadersAsksForOnePerSection() {
        let (collection, source) = makeCollection([["a"], ["b"]])
        #expect(collection.displayedSectionHeaders.allSatisfy { $0 == nil }, "no header size, no headers")
        (collection.collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize = CGSize(width: 10, height: 10)
        collection.reloadData()
        #expect(collection.exceptions.count == 2)
        #expect(collection.exceptions.first?.reason.hasPrefix("the layout asked for a view of kind UICollectionElementKindSectionHeader at [0, 0]") == true)
        withExtendedLifetime(source) {}  // the view holds its data source weakly
    }

    /// A compositional list asks for headers only in the supplementary
    /// header mode ("Choose this header mode to use supplementary views
    /// with elementKindSectionHeader as the section header"); its default
    /// mode is none.
    @Test func aListLayoutAsksForHeadersInTheSupplementaryModeOnly() {
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        #expect(configuration.headerMode == .none)
        let (collection, source) = makeCollection([["a"], ["b"]])
        collection.collectionViewLayout = UICollectionViewCompositionalLayout.list(using: configuration)
        collection.reloadData()
        #expect(collection.exceptions.isEmpty, "no headers asked")
        configuration.headerMode = .supplementary
        collection.collectionViewLayout = UICollectionViewCompositionalLayout.list(using: configuration)
        collection.reloadData()
        #expect(collection.exceptions.count == 2, "one header asked per section, none served")
        withExtendedLifetime(source) {}
    }

    /// A cell registration's handler configures the cells it dequeues; a
    /// reconfigure through another registration raises, as one that
    /// dequeues another identifier does.
    @Test func cellRegistrationsConfigureTheirCells() {
        final class Source: NSObject, UICollectionViewDataSource {
            var items = ["a", "b"]
            var registration: UICollectionView.CellRegistration<TextCell, String>
            init(_ registration: UICollectionView.CellRegistration<TextCell, String>) { self.registration = registration }
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: items[indexPath.item])
            }
        }
        let first = UICollectionView.CellRegistration<TextCell, String> { cell, _, text in cell.text = text }
        let source = Source(first)
        let collection = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        collection.dataSource = source
        #expect(collection.shownText == [["a", "b"]])
        let kept = collection.cellForItem(at: .at(0, 0))
        source.items[0] = "A"
        collection.reconfigureItems(at: [.at(0, 0)])
        #expect(collection.shownText == [["A", "b"]] && collection.cellForItem(at: .at(0, 0)) === kept && collection.exceptions.isEmpty)
        source.registration = UICollectionView.CellRegistration<TextCell, String> { cell, _, text in cell.text = text }
        collection.reconfigureItems(at: [.at(1, 0)])
        #expect(collection.exceptions.count == 1, "a reconfigure must dequeue the same type of cell")
    }

    @Test func aValidBatchAppliesAndAReconfigureKeepsTheCell() {
        let (collection, source) = makeCollection([["a", "b"], ["c"]])
        let kept = collection.cellForItem(at: .at(1, 0))
        collection.performBatchUpdates {
            source.sections = [["b", "c"]]
            collection.deleteSections([1])
            collection.deleteItems(at: [.at(0, 0)])
            collection.insertItems(at: [.at(1, 0)])
        }
        #expect(collection.exceptions.isEmpty)
        #expect(collection.shownText == [["b", "c"]])
        #expect(collection.cellForItem(at: .at(0, 0)) === kept)
        source.sections = [["B", "c"]]
        collection.reconfigureItems(at: [.at(0, 0)])
        #expect(collection.shownText == [["B", "c"]])
        #expect(collection.cellForItem(at: .at(0, 0)) === kept)
    }
}
