import AppleListStandIns
import FetchedResults
import Foundation
import Testing
@testable import FetchedResultsDataSource

/// UIKit: "When this property is true, avoid making any significant
/// changes to the table view. Specifically, don't call reloadData()"
/// (`hasUncommittedUpdates`). Updates that arrive during a drop wait for
/// its end.
@MainActor
@Suite struct UncommittedUpdatesTests {
    static func entries(_ ids: [Int]) -> [Entry] { ids.map { Entry(id: $0, version: 0) } }

    @Test func aTableHandlingADropIsNeitherReloadedNorBatchUpdatedUntilItEnds() throws {
        let table = ListViewFixtures.tableView()
        let dataSource = try ArrayDataSource<Entry, Int, UITableViewCell>(items: Self.entries([1, 2]), id: \.id,
                                                                          cellIdentifier: AdapterPropertyTests.kind) { cell, entry in
            cell.textLabel?.text = entry.description
        }
        dataSource.reloadThreshold = 2
        let adapter = TableViewAdapter(tableView: table, dataSource: dataSource)
        table.simulateDrop(inProgress: true)
        try dataSource.setItems(Self.entries([1, 2, 3]))          // a batch
        try dataSource.setItems(Self.entries([4, 5, 6, 7, 8]))    // past the threshold: a reload
        #expect(table.changesDuringUncommittedUpdates == 0 && table.exceptions.isEmpty)
        #expect(dataSource.snapshot.flatMap(\.items) == Self.entries([1, 2]), "the data source answers with what the table shows")
        table.simulateDrop(inProgress: false)
        dataSource.applyHeldBackUpdates()
        #expect(table.displayedCells.first?.map { $0.textLabel?.text } == ["4", "5", "6", "7", "8"])
        #expect(table.exceptions.isEmpty)
        withExtendedLifetime(adapter) {}
    }

    @Test func theNextUpdateAfterTheDropShowsTheNewestState() throws {
        let collection = ListViewFixtures.collectionView()
        let dataSource = try ArrayDataSource<Entry, Int, UICollectionViewCell>(items: Self.entries([1, 2]), id: \.id,
                                                                               cellIdentifier: AdapterPropertyTests.kind) { cell, entry in
            (cell as? LabelCell)?.text = entry.description
        }
        let adapter = CollectionViewAdapter(collectionView: collection, dataSource: dataSource, sectionHeaders: ListViewFixtures.titleHeaders)
        collection.simulateDrop(inProgress: true)
        try dataSource.setItems(Self.entries([2, 1, 3]))
        #expect(collection.changesDuringUncommittedUpdates == 0)
        collection.simulateDrop(inProgress: false)
        try dataSource.setItems(Self.entries([2, 3]))
        #expect(collection.displayedCells.first?.map { ($0 as? LabelCell)?.text } == ["2", "3"])
        #expect(collection.exceptions.isEmpty)
        withExtendedLifetime(adapter) {}
    }

    @Test func aDiffableAdapterAppliesNoSnapshotDuringADrop() throws {
        let table = ListViewFixtures.tableView()
        let dataSource = try ArrayDataSource<Entry, Int, UITableViewCell>(items: Self.entries([1, 2]), id: \.id,
                                                                          cellIdentifier: AdapterPropertyTests.kind) { cell, entry in
            cell.textLabel?.text = entry.description
        }
        let adapter = TableViewDiffableAdapter(tableView: table, dataSource: dataSource)
        table.simulateDrop(inProgress: true)
        try dataSource.setItems(Self.entries([3, 1]))
        #expect(table.changesDuringUncommittedUpdates == 0 && adapter.diffableDataSource.snapshot().itemIdentifiers == [1, 2])
        table.simulateDrop(inProgress: false)
        dataSource.applyHeldBackUpdates()
        #expect(table.displayedCells.first?.map { $0.textLabel?.text } == ["3", "1"] && table.exceptions.isEmpty)
    }

    @Test func theStandInRecordsAReloadDuringADrop() {
        let table = UITableView(frame: .zero, style: .plain)
        table.simulateDrop(inProgress: true)
        #expect(table.hasUncommittedUpdates)
        table.reloadData()
        table.performBatchUpdates(nil)
        #expect(table.changesDuringUncommittedUpdates == 2 && table.exceptions.count == 1)
    }
}
