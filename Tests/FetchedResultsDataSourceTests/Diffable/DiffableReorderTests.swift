import AppleListStandIns
import FetchedResults
import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResultsDataSource

/// A reorder by the user in a collection view shown through a
/// ``CollectionViewDiffableAdapter``: UIKit applies it to its own
/// snapshot and calls `didReorder`; the adapter hands it to the model as
/// one move, and the list then shows what the database holds, through
/// the model's commit and every update after it.
@MainActor
@Suite struct DiffableReorderTests {
    /// A row of a list the user orders by hand.
    struct Task: FetchableRecord, Sendable {
        var id: Int64
        var name: String

        init(row: borrowing RowView) throws {
            id = try row.decode(column: "id")
            name = try row.decode(column: "name")
        }
    }

    /// A database of six tasks in hand-made order, shown by a collection
    /// view through a ``CollectionViewDiffableAdapter``; moving a task
    /// rewrites the positions. Beside it, a second data source on the
    /// same database shows the tasks in a table through a batch
    /// ``TableViewAdapter``, where the user can move rows too.
    @MainActor
    final class Board {
        let directory: TemporaryDirectory
        let database: DatabaseQueue
        let dataSource: FetchedResultsDataSource<Task, UICollectionViewCell>
        let collection = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        let adapter: CollectionViewDiffableAdapter<FetchedResultsSnapshot<Task>>
        let tableDataSource: FetchedResultsDataSource<Task, UITableViewCell>
        let table = UITableView(frame: .zero, style: .plain)
        let tableAdapter: TableViewAdapter<FetchedResultsSnapshot<Task>>
        private(set) var updates = 0

        init() throws {
            directory = try TemporaryDirectory()
            database = try DatabaseQueue(path: directory.path("tasks.sqlite"))
            try database.writeAndWait { db in
                try db.execute(sql: """
                    CREATE TABLE task (id INTEGER PRIMARY KEY, name TEXT NOT NULL, position INTEGER NOT NULL);
                    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 5)
                    INSERT INTO task (name, position) SELECT 'task ' || i, i FROM n;
                    """)
            }
            let controller = FetchedResultsController<Task>(database: database, request: FetchRequest(
                table: "task", sortedBy: [.ascending("position")]))
            dataSource = FetchedResultsDataSource(controller: controller) { cell, task in (cell as? LabelCell)?.text = task.name }
            collection.register(LabelCell.self, forCellWithReuseIdentifier: "Cell")
            adapter = CollectionViewDiffableAdapter(collectionView: collection, dataSource: dataSource)
            tableDataSource = FetchedResultsDataSource(controller: FetchedResultsController<Task>(database: database, request: controller.request)) {
                cell, task in cell.textLabel?.text = task.name
            }
            table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
            tableAdapter = TableViewAdapter(tableView: table, dataSource: tableDataSource)
            dataSource.onUpdate { [unowned self] _ in updates += 1 }
        }

        /// The model of a move: the task takes the position the user gave it.
        func moveInDatabase(_ task: Task, to destination: IndexPath) throws {
            try database.writeAndWait { db in
                var ids = try Int64.fetchAll(db, sql: "SELECT id FROM task ORDER BY position")
                ids.removeAll { $0 == task.id }
                ids.insert(task.id, at: destination.item)
                for (position, id) in ids.enumerated() {
                    try db.execute(sql: "UPDATE task SET position = ? WHERE id = ?", arguments: [position, id])
                }
            }
        }

        var shown: [String] { collection.displayedCells.joined().map { ($0 as? LabelCell)?.text ?? "" } }
        var shownInTable: [String] { table.displayedCells.joined().map { $0.textLabel?.text ?? "" } }

        func fresh() throws -> [String] {
            try database.readAndWait { db in try String.fetchAll(db, sql: "SELECT name FROM task ORDER BY position") }
        }

        /// Waits for the next update from the controller.
        func nextUpdate(after count: Int) async throws {
            try await ObservableFetchedResultsTests.drain(rounds: 15_000) { updates > count }
        }

        /// The ids of the tasks in the database's order.
        func freshIDs() throws -> [Int64] {
            try database.readAndWait { db in try Int64.fetchAll(db, sql: "SELECT id FROM task ORDER BY position") }
        }

        /// Waits until the collection shows what the database holds (a
        /// bound on something that must happen, not a timing assertion).
        func settle(_ step: Int) async throws {
            let expected = try fresh()
            try await ObservableFetchedResultsTests.drain(rounds: 15_000) { shown == expected && shownInTable == expected }
            #expect(shown == expected, "step \(step): the collection")
            #expect(shownInTable == expected, "step \(step): the table")
        }

        static func with(_ body: (Board) async throws -> Void) async throws {
            let board = try Board()
            try await board.dataSource.performFetch()
            try await board.tableDataSource.performFetch()
            try await body(board)
            board.dataSource.stop()
            board.tableDataSource.stop()
            try board.database.close()
        }
    }

    @Test(arguments: [(0, 3), (5, 0), (2, 3), (4, 1)])
    func aReorderReachesTheModelAndTheListFollowsIt(from: Int, to: Int) async throws {
        try await Board.with { board in
            board.dataSource.moveItem = { [unowned board] task, _, destination in try board.moveInDatabase(task, to: destination) }
            var expected = try board.fresh()
            expected.insert(expected.remove(at: from), at: to)
            let updates = board.updates
            #expect(board.collection.simulateUserMove(from: IndexPath(item: from, section: 0), to: IndexPath(item: to, section: 0)))
            #expect(board.shown == expected, "the view shows the move at once")
            try await board.nextUpdate(after: updates)
            #expect(try board.fresh() == expected, "the model took the move")
            #expect(board.shown == expected)
            #expect(board.adapter.diffableDataSource.snapshot().itemIdentifiers.count == 6)

            // Later commits still reach the list whole.
            let more = board.updates
            try await board.database.write { db in
                try db.execute(sql: "INSERT INTO task (name, position) VALUES ('task 6', 2)")
                try db.execute(sql: "UPDATE task SET name = 'renamed' WHERE position = 0")
            }
            try await board.nextUpdate(after: more)
            #expect(board.shown == (try board.fresh()))
            #expect(board.collection.exceptions.isEmpty, "\(board.collection.exceptions.map(\.reason))")
        }
    }

    /// Random reorders by the user, in the diffable collection or in the
    /// batch table, which the model takes or overrules (it sends the task
    /// to the end), between random inserts, deletes and renames by another
    /// connection: after each step both lists show what the database
    /// holds, the diffable snapshot holds its ids in order, and nothing
    /// raised.
    @Test(arguments: [101, 102, 103])
    func randomReordersAndCommitsEndInTheDatabasesOrder(seed: UInt64) async throws {
        try await Board.with { board in
            var rng = SeededGenerator(seed: seed)
            var modelAgrees = true
            let model: (Task, IndexPath, IndexPath) throws -> Void = { [unowned board] task, _, destination in
                let end = IndexPath(item: try board.freshIDs().count - 1, section: 0)
                try board.moveInDatabase(task, to: modelAgrees ? destination : end)
            }
            board.dataSource.moveItem = model
            board.tableDataSource.moveItem = model
            let other = try DatabaseQueue(path: board.directory.path("tasks.sqlite"))
            defer { try? other.close() }
            var names = 6
            for step in 0..<PropertyTestScale.cases(120) {
                let count = board.shown.count
                switch Int.random(in: 0..<4, using: &rng) {
                case 0 where count > 1, 1 where count > 1:
                    modelAgrees = rng.chance(70)
                    let from = Int.random(in: 0..<count, using: &rng)
                    var to = Int.random(in: 0..<count - 1, using: &rng)
                    if to >= from { to += 1 }
                    let (source, destination) = (IndexPath(item: from, section: 0), IndexPath(item: to, section: 0))
                    if rng.chance(50) {
                        #expect(board.collection.simulateUserMove(from: source, to: destination))
                    } else {
                        #expect(board.table.simulateUserMove(from: source, to: destination))
                    }
                case 2:
                    let position = Int.random(in: 0...count, using: &rng)
                    names += 1
                    let name = "task \(names)"
                    try await other.write { db in
                        try db.execute(sql: "UPDATE task SET position = position + 1 WHERE position >= ?", arguments: [position])
                        try db.execute(sql: "INSERT INTO task (name, position) VALUES (?, ?)", arguments: [name, position])
                    }
                default:
                    let position = Int.random(in: 0..<max(count, 1), using: &rng)
                    let deletes = rng.chance(50)
                    try await other.write { db in
                        if deletes {
                            try db.execute(sql: "DELETE FROM task WHERE position = ?", arguments: [position])
                        } else {
                            try db.execute(sql: "UPDATE task SET name = name || '′' WHERE position = ?", arguments: [position])
                        }
                    }
                }
                try await board.settle(step)
                #expect(board.adapter.diffableDataSource.snapshot().itemIdentifiers == (try board.freshIDs()).map { .integer($0) },
                        "step \(step)")
                let exceptions = board.collection.exceptions + board.table.exceptions
                #expect(exceptions.isEmpty, "step \(step): \(exceptions.map(\.reason))")
                if !exceptions.isEmpty { break }
            }
        }
    }

    @Test func aModelThatFailsPutsTheItemBack() async throws {
        struct Refused: Error {}
        try await Board.with { board in
            board.dataSource.moveItem = { _, _, _ in throw Refused() }
            var failures = 0
            board.adapter.onEditingError = { error in if error is Refused { failures += 1 } }
            let before = board.shown
            #expect(board.collection.simulateUserMove(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 4, section: 0)))
            #expect(failures == 1)
            #expect(board.shown == before, "the list shows the model's order again")
            #expect(board.adapter.diffableDataSource.snapshot().itemIdentifiers == (0..<6).map { .integer(Int64($0 + 1)) })
            #expect(board.collection.exceptions.isEmpty)
        }
    }

    @Test func itemsTheDataSourceDoesNotLetMoveStayPut() async throws {
        try await Board.with { board in
            let before = board.shown
            #expect(!board.collection.simulateUserMove(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0)),
                    "no moveItem closure: no reorder")
            board.dataSource.moveItem = { _, _, _ in }
            board.dataSource.canEditItem = { $0.name != "task 0" }
            #expect(!board.collection.simulateUserMove(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0)))
            #expect(board.shown == before)
        }
    }
}
