import AppleListStandIns
import FetchedResults
import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResultsDataSource

/// A table view stand-in that counts full reloads and batch updates.
final class ReloadCountingTableView: UITableView {
    private(set) var reloads = 0
    private(set) var batches = 0

    override func reloadData() {
        reloads += 1
        super.reloadData()
    }

    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        batches += 1
        super.performBatchUpdates(updates, completion: completion)
    }
}

/// What a diffable adapter does besides showing every state: how it
/// shows the first state and large change sets, how duplicate identities
/// surface, and a live controller followed through it.
@MainActor
@Suite struct DiffableAdapterTests {
    static func entries(_ ids: Range<Int>, version: Int = 0) -> [Entry] { ids.map { Entry(id: $0, version: version) } }

    static func table() -> ReloadCountingTableView {
        let table = ReloadCountingTableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        return table
    }

    @Test func firstStateAndChangeSetsPastTheThresholdApplySnapshotsUsingReloadData() throws {
        let table = Self.table()
        let dataSource = try ArrayDataSource<Entry, Int, UITableViewCell>(items: Self.entries(0..<10), id: \.id) { cell, entry in
            cell.textLabel?.text = entry.description
        }
        dataSource.reloadThreshold = 3
        let adapter = TableViewDiffableAdapter(tableView: table, dataSource: dataSource)
        #expect(table.reloads == 1 && table.batches == 0, "the first state is reloaded, not diffed")
        try dataSource.setItems(Self.entries(0..<12))
        #expect(table.reloads == 1 && table.batches == 1, "two inserts: one snapshot applied with a diff")
        try dataSource.setItems(Self.entries(5..<12, version: 1))
        #expect(table.reloads == 2 && table.batches == 1, "past the threshold: reloaded, not diffed")
        #expect(table.displayedCells.first?.map { $0.textLabel?.text } == Self.entries(5..<12, version: 1).map(\.description))
        #expect(adapter.diffableDataSource.snapshot().itemIdentifiers == Array(5..<12))
        #expect(table.exceptions.isEmpty)
    }

    /// Whether the snapshot a diffable data source returns still holds
    /// what it was last given is not the adapter's to rely on: here the
    /// app shuffles and drops rows behind the adapter's back before every
    /// update (as a reorder UIKit applies itself would), and each update
    /// still shows exactly the data source's state, the adapter editing
    /// the snapshot it last showed. Editing the meddled one instead raised
    /// or showed rows out of order.
    @Test(arguments: [91, 92, 93])
    func anUpdateAfterTheSnapshotChangedBehindTheAdapterShowsTheState(seed: UInt64) throws {
        var fixture = try RandomDiffableTable(seed: seed)
        let (table, dataSource, adapter) = (fixture.table, fixture.dataSource, fixture.adapter)
        for round in 0..<PropertyTestScale.cases(100) {
            var meddled = adapter.diffableDataSource.snapshot()
            for section in meddled.sectionIdentifiers where meddled.numberOfItems(inSection: section) > 1 {
                let items = meddled.itemIdentifiers(inSection: section)
                meddled.deleteItems(items)
                meddled.appendItems(Array(items.shuffled(using: &fixture.rng).dropLast()), toSection: section)
            }
            adapter.diffableDataSource.apply(meddled)
            let before = dataSource.snapshot.map(\.items)
            try fixture.step()
            guard dataSource.snapshot.map(\.items) != before else { continue }  // no update: the meddled rows stay
            ListViewFixtures.expectShows(table, dataSource, round: round)
            #expect(adapter.diffableDataSource.snapshot().itemIdentifiers == dataSource.items.map(\.id), "round \(round)")
            if !table.exceptions.isEmpty { break }
        }
    }

    /// The cell provider configures a cell with the item of the
    /// identifier UIKit names, not whatever row the data source has at
    /// that index path: a snapshot the app applies itself shows each
    /// row's own item, and an identifier the data source does not know
    /// gets an unconfigured cell (never nil, which UIKit refuses).
    @Test func cellsShowTheItemOfTheIdentifierUIKitNames() throws {
        let table = ListViewFixtures.tableView()
        let dataSource = try ArrayDataSource<Entry, Int, UITableViewCell>(items: Self.entries(0..<4), id: \.id,
                                                                          cellIdentifier: AdapterPropertyTests.kind) { cell, entry in
            cell.textLabel?.text = entry.description
        }
        let adapter = TableViewDiffableAdapter(tableView: table, dataSource: dataSource)
        var reversed = NSDiffableDataSourceSnapshot<DatabaseValue, Int>()
        reversed.appendSections([.null])
        reversed.appendItems([3, 2, 1, 0, 99])
        adapter.diffableDataSource.applySnapshotUsingReloadData(reversed)
        #expect(table.displayedCells.first?.map { $0.textLabel?.text } == ["3", "2", "1", "0", nil])
        #expect(table.exceptions.isEmpty)
        try dataSource.setItems(Self.entries(1..<5))
        #expect(table.displayedCells.first?.map { $0.textLabel?.text } == ["1", "2", "3", "4"])
        #expect(adapter.diffableDataSource.snapshot().itemIdentifiers == [1, 2, 3, 4] && table.exceptions.isEmpty)
    }

    @Test func duplicateIdentitiesNeverReachTheSnapshot() throws {
        let table = Self.table()
        let dataSource = try ArrayDataSource<Entry, Int, UITableViewCell>(items: Self.entries(0..<3), id: \.id) { cell, entry in
            cell.textLabel?.text = entry.description
        }
        let adapter = TableViewDiffableAdapter(tableView: table, dataSource: dataSource)
        #expect {
            try dataSource.setItems([Entry(id: 1, version: 0), Entry(id: 1, version: 1)])
        } throws: { error in
            (error as? ListContentError)?.code == .duplicateIdentity
        }
        #expect(adapter.diffableDataSource.snapshot().itemIdentifiers == [0, 1, 2], "the list keeps its state")
        #expect(table.displayedCells.first?.count == 3 && table.exceptions.isEmpty)
    }

    @Test func aControllerWithDuplicateIdentitiesFailsItsFetchAndShowsNothing() async throws {
        try await PhotoLibrary.with { library in
            let controller = FetchedResultsController<Photo>(database: library.database, request: FetchRequest(
                sql: "SELECT * FROM photo ORDER BY album", identityColumn: "album"))
            let dataSource = FetchedResultsDataSource(controller: controller) { (cell: UITableViewCell, photo: Photo) in
                cell.textLabel?.text = photo.name
            }
            let table = Self.table()
            let adapter = TableViewDiffableAdapter(tableView: table, dataSource: dataSource)
            await #expect {
                try await dataSource.performFetch()
            } throws: { error in
                (error as? FetchedResultsError)?.code == .duplicateIdentity
            }
            #expect(adapter.diffableDataSource.snapshot().numberOfItems == 0 && table.exceptions.isEmpty)
        }
    }

    @Test func followsRandomWritesThroughAController() async throws {
        try await PhotoLibrary.with { library in
            let controller = FetchedResultsController<Photo>(database: library.database, request: FetchRequest(
                table: "photo", sortedBy: [.ascending("album"), .descending("rating")], sectionColumn: "album"))
            let dataSource = FetchedResultsDataSource(controller: controller, cellIdentifier: { $0.rating >= 4 ? "Star" : "Plain" }) {
                (cell: UITableViewCell, photo: Photo) in cell.textLabel?.text = "\(photo.name) \(photo.rating)"
            }
            let table = UITableView(frame: .zero, style: .plain)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "Star")
            table.register(UITableViewCell.self, forCellReuseIdentifier: "Plain")
            let adapter = TableViewDiffableAdapter(tableView: table, dataSource: dataSource)
            try await dataSource.performFetch()
            var writes = RandomWrites(seed: 21)
            for step in 0..<40 {
                let ids = try await library.database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM photo") }
                let statements = writes.transaction(ids: ids)
                try await library.database.write { db in
                    for sql in statements { try db.execute(sql: sql) }
                }
                try await Self.settle(table, on: library, step: step)
                #expect(table.exceptions.isEmpty, "step \(step): \(table.exceptions.first?.reason ?? "")")
                #expect(adapter.diffableDataSource.snapshot().sectionIdentifiers == dataSource.snapshot.sections.map(\.name))
            }
            dataSource.stop()
        }
    }

    /// Waits until the table shows what a fresh query returns (a bound on
    /// something that must happen, not a timing assertion).
    static func settle(_ table: UITableView, on library: PhotoLibrary, step: Int) async throws {
        let expected = try library.freshFetch().map { $0.items.map { "\($0.name) \($0.rating)" } }
        let kinds = try library.freshFetch().map { $0.items.map { $0.rating >= 4 ? "Star" : "Plain" } }
        let deadline = ContinuousClock.now + .seconds(60)
        while table.displayedCells.map({ $0.map { $0.textLabel?.text ?? "" } }) != expected
                || table.displayedCells.map({ $0.map { $0.reuseIdentifier ?? "" } }) != kinds {
            guard ContinuousClock.now < deadline else {
                Issue.record("step \(step): the table never showed the database's rows")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
