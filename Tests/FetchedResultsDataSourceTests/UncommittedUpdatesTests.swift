import AppleListStandIns
import FetchedResults
import Foundation
import Persistence
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

    /// A controller's change set goes from its previous state: after one
    /// held back during a drop, that is not the state the table shows. The
    /// app here never calls `applyHeldBackUpdates()`; the next update must
    /// still show both renames (the second change set alone would lose
    /// the first).
    @Test func aChangeSetAfterAHeldBackOneLosesNothing() async throws {
        try await PhotoLibrary.with { library in
            let controller = FetchedResultsController<Photo>(database: library.database, request: FetchRequest(
                table: "photo", sortedBy: [.ascending("id")]))
            let dataSource = FetchedResultsDataSource(controller: controller) { (cell: UITableViewCell, photo: Photo) in
                cell.textLabel?.text = photo.name
            }
            var updates = 0
            dataSource.onUpdate { _ in updates += 1 }
            let table = UITableView(frame: .zero, style: .plain)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
            let adapter = TableViewAdapter(tableView: table, dataSource: dataSource)
            try await dataSource.performFetch()
            @MainActor func rename(_ id: Int, to name: String) async throws {
                let before = updates
                try await library.database.write { db in
                    try db.execute(sql: "UPDATE photo SET name = ? WHERE id = ?", arguments: [name, id])
                }
                try await ObservableFetchedResultsTests.drain(rounds: 30_000) { updates > before }
            }
            table.simulateDrop(inProgress: true)
            try await rename(1, to: "renamed during the drop")
            #expect(table.displayedCells.first?.first?.textLabel?.text == "Photo 0", "held back during the drop")
            table.simulateDrop(inProgress: false)
            try await rename(2, to: "renamed after it")
            let fresh = try library.database.readAndWait { db in try String.fetchAll(db, sql: "SELECT name FROM photo ORDER BY id") }
            #expect(table.displayedCells.first?.map { $0.textLabel?.text ?? "" } == fresh)
            #expect(Array(fresh.prefix(2)) == ["renamed during the drop", "renamed after it"])
            #expect(table.changesDuringUncommittedUpdates == 0 && table.exceptions.isEmpty)
            dataSource.stop()
            withExtendedLifetime(adapter) {}
        }
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
