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
