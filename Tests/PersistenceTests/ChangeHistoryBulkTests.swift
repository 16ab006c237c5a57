import Foundation
import Testing
@testable import Persistence

/// A table written in bulk (``Database/writingInBulk(into:_:)``) gets one
/// history entry instead of one a row, and every reader of the history
/// reads the table again: observers in other connections, undo, the
/// history itself. Where a bulk write would skip triggers that must run,
/// it is recorded row by row.
@Suite struct ChangeHistoryBulkTests {
    static func withRecordedPhotos(_ schema: String = "", tables: [String] = ["photo"], _ body: (DatabaseQueue, String) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bulk.sqlite")
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.writeAndWait { db in
            try makePhotoTable(db)
            if !schema.isEmpty { try db.execute(sql: schema) }
            try db.enableChangeHistory(for: tables, values: true)
        }
        try body(queue, path)
    }

    /// Another connection waits for the observed writer's upkeep.
    static let waiting: Database.Configuration = {
        var configuration = Database.Configuration()
        configuration.busyTimeout = .seconds(10)
        return configuration
    }()

    static func insertPhotos(_ range: ClosedRange<Int>, _ db: Database) throws {
        for index in range {
            try db.execute(sql: "INSERT INTO photo (id, name, rating) VALUES (?, ?, ?)", arguments: [index, "bulk \(index)", index % 5])
        }
    }

    @Test func aBulkWriteIsOneEntryWithoutKeyOrValues() throws {
        try Self.withRecordedPhotos { queue, _ in
            let before = try queue.readAndWait { try $0.currentChangeHistoryToken() }
            try queue.writeAndWait { db in
                try db.writingInBulk(into: "Photo") {
                    try Self.insertPhotos(10...109, db)
                    try db.execute(sql: "UPDATE photo SET rating = 0 WHERE id = 1")
                    try db.execute(sql: "DELETE FROM photo WHERE id = 2")
                }
            }
            let entries = try queue.readAndWait { try $0.changeHistory(since: before).entries }
            #expect(entries.count == 1)
            let entry = try #require(entries.first)
            #expect(entry.operation == .bulk && entry.operation.description == "bulk")
            #expect(entry.table == "photo" && entry.key == .null)
            #expect(entry.oldRow == nil && entry.newRow == nil && !entry.hasValues)
            #expect(try queue.readAndWait { try Int.fetchOne($0, sql: "SELECT count(*) FROM photo") } == 102)

            // The history's triggers run again after it.
            try queue.writeAndWait { db in try db.execute(sql: "INSERT INTO photo (name) VALUES ('after')") }
            let after = try queue.readAndWait { try $0.changeHistory(since: entry.token).entries }
            #expect(after.map(\.operation) == [.insert] && after.first?.newRow?["name"] == .text("after"))
        }
    }

    @Test func aFailedBulkWriteLeavesNeitherRowsNorEntryAndTurnsTriggersBackOn() throws {
        struct Stop: Error {}
        try Self.withRecordedPhotos { queue, _ in
            let before = try queue.readAndWait { try $0.currentChangeHistoryToken() }
            let dump = try queue.readAndWait(photoDump)
            // The caller catches the error and commits the rest.
            try queue.writeAndWait { db in
                #expect(throws: Stop.self) {
                    try db.writingInBulk(into: "photo") {
                        try Self.insertPhotos(10...20, db)
                        throw Stop()
                    }
                }
                try db.execute(sql: "UPDATE photo SET rating = 7 WHERE id = 3")
            }
            let entries = try queue.readAndWait { try $0.changeHistory(since: before).entries }
            #expect(entries.map(\.operation) == [.update], "only the update after the failed bulk write is recorded")
            #expect(try queue.readAndWait(photoDump).count == dump.count)
        }
    }

    @Test func aTableWithItsOwnTriggersIsRecordedRowByRowAndItsTriggersRun() throws {
        let schema = """
            CREATE TABLE counter (n INTEGER NOT NULL);
            INSERT INTO counter VALUES (0);
            CREATE TRIGGER photo_counted AFTER INSERT ON photo BEGIN UPDATE counter SET n = n + 1; END;
            """
        try Self.withRecordedPhotos(schema) { queue, _ in
            let before = try queue.readAndWait { try $0.currentChangeHistoryToken() }
            try queue.writeAndWait { db in try db.writingInBulk(into: "photo") { try Self.insertPhotos(10...14, db) } }
            #expect(try queue.readAndWait { try Int.fetchOne($0, sql: "SELECT n FROM counter") } == 5)
            let entries = try queue.readAndWait { try $0.changeHistory(since: before).entries }
            #expect(entries.map(\.operation) == Array(repeating: .insert, count: 5))
        }
    }

    @Test func aTableWithATemporaryTriggerIsRecordedRowByRowAndTheTriggerRuns() throws {
        try Self.withRecordedPhotos("CREATE TABLE counter (n INTEGER NOT NULL); INSERT INTO counter VALUES (0);") { queue, _ in
            let before = try queue.readAndWait { try $0.currentChangeHistoryToken() }
            try queue.writeAndWait { db in
                try db.execute(sql: "CREATE TEMP TRIGGER photo_counted AFTER INSERT ON main.photo BEGIN UPDATE counter SET n = n + 1; END")
                try db.writingInBulk(into: "photo") { try Self.insertPhotos(10...12, db) }
            }
            #expect(try queue.readAndWait { try Int.fetchOne($0, sql: "SELECT n FROM counter") } == 3)
            #expect(try queue.readAndWait { try $0.changeHistory(since: before).entries }.map(\.operation) == [.insert, .insert, .insert])
        }
    }

    @Test func aTableAnEnforcedForeignKeyReferencesIsRecordedRowByRowWithItsCascades() throws {
        let schema = """
            CREATE TABLE tag (id INTEGER PRIMARY KEY, photo INTEGER REFERENCES photo(id) ON DELETE CASCADE, label TEXT);
            INSERT INTO tag (photo, label) VALUES (1, 'a'), (1, 'b'), (2, 'c');
            """
        try Self.withRecordedPhotos(schema, tables: ["photo", "tag"]) { queue, _ in
            let before = try queue.readAndWait { try $0.currentChangeHistoryToken() }
            try queue.writeWithoutTransactionAndWait { db in try db.execute(sql: "PRAGMA foreign_keys = ON") }
            try queue.writeAndWait { db in try db.writingInBulk(into: "photo") { try db.execute(sql: "DELETE FROM photo WHERE id = 1") } }
            let entries = try queue.readAndWait { try $0.changeHistory(since: before).entries }
            #expect(entries.map(\.operation) == [.delete, .delete, .delete], "the photo and its two tags: \(entries)")
            #expect(Set(entries.map(\.table)) == ["photo", "tag"])
            // Foreign keys not enforced: no cascade, the bulk write is one entry.
            try queue.writeWithoutTransactionAndWait { db in try db.execute(sql: "PRAGMA foreign_keys = OFF") }
            let next = try #require(entries.last?.token)
            try queue.writeAndWait { db in try db.writingInBulk(into: "photo") { try db.execute(sql: "DELETE FROM photo WHERE id = 2") } }
            #expect(try queue.readAndWait { try $0.changeHistory(since: next).entries }.map(\.operation) == [.bulk])
        }
    }

    @Test func aTableTheHistoryDoesNotRecordIsWrittenAsAnyTable() throws {
        try Self.withRecordedPhotos("CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT)") { queue, _ in
            let before = try queue.readAndWait { try $0.currentChangeHistoryToken() }
            try queue.writeAndWait { db in
                try db.writingInBulk(into: "album") { try db.execute(sql: "INSERT INTO album (title) VALUES ('a'), ('b')") }
            }
            #expect(try queue.readAndWait { try $0.changeHistory(since: before).entries }.isEmpty)
            #expect(try queue.readAndWait { try Int.fetchOne($0, sql: "SELECT count(*) FROM album") } == 2)
        }
    }

    @Test func theWritersOwnObserversStillGetEveryRow() async throws {
        let directory = try TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.path("own.sqlite"))
        try await queue.write { db in
            try makePhotoTable(db)
            try db.enableChangeHistory(for: ["photo"], values: true)
        }
        let received = Signal<DatabaseChanges>()
        let observation = queue.observeChanges { _, changes in received.send(changes) }
        try await queue.write { db in
            try db.writingInBulk(into: "photo") {
                try Self.insertPhotos(10...12, db)
                try db.execute(sql: "DELETE FROM photo WHERE id = 1")
            }
        }
        let changes = try #require(await received.next(seconds: 20))
        #expect(changes.origin == .local)
        #expect(changes.tables["photo"] == TableChanges(inserted: [10, 11, 12], updated: [], deleted: [1]))
        observation.cancel()
        try queue.close()
    }

    @Test(arguments: [Database.JournalMode.wal, .delete])
    func anotherConnectionsBulkWriteReachesObserversAsATableToReadAgain(mode: Database.JournalMode) async throws {
        try await ChangeHistoryObservationTests.withObservedHistory(mode: mode) { _, path, received in
            try withDatabase(.file(path), configuration: Self.waiting) { other in
                try other.inTransaction(.immediate) {
                    try other.writingInBulk(into: "photo") { try Self.insertPhotos(10...19, other) }
                }
            }
            let changes = try #require(await Self.nextNonEmpty(received))
            #expect(changes.tablesWithUntrackedChanges == ["photo"])
            #expect(changes.historyProblem == nil)
            #expect(!changes.isFullyTracked(in: DatabaseRegion(tables: ["photo"])))
            #expect(changes.mayAffect(DatabaseRegion(tables: ["photo"])))

            // The next write by row is followed by row again.
            try runSQLiteShell(path, "DELETE FROM photo WHERE id = 10")
            let next = try #require(await Self.nextNonEmpty(received))
            #expect(next.tables["photo"] == TableChanges(inserted: [], updated: [], deleted: [10]))
            #expect(next.tablesWithUntrackedChanges.isEmpty)
        }
    }

    /// The next delivery that names a change (opening a connection in
    /// another journal mode may wake observers with nothing to say).
    static func nextNonEmpty(_ received: Signal<DatabaseChanges>) async -> DatabaseChanges? {
        for _ in 0..<10 {
            guard let changes = await received.next(seconds: 20) else { return nil }
            if !changes.tables.isEmpty || !changes.tablesWithUntrackedChanges.isEmpty || changes.schemaChanged { return changes }
        }
        return nil
    }

    @Test func undoRefusesAStepWhoseTableAnotherWriterWroteInBulk() throws {
        try DatabaseUndoStackTests.withStack("CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT)", tables: ["photo", "tag"]) { queue, stack, path in
            try stack.undoGroupAndWait(name: "Rate") { try $0.execute(sql: "UPDATE photo SET rating = 1 WHERE id IN (1, 2)") }
            // A bulk write of another table is no conflict.
            try withDatabase(.file(path), configuration: Self.waiting) { other in
                try other.inTransaction(.immediate) { try other.writingInBulk(into: "tag") { try other.execute(sql: "INSERT INTO tag (label) VALUES ('x')") } }
            }
            try stack.undo()
            try stack.redo()

            // One of this table: every row of the step may have changed.
            try withDatabase(.file(path), configuration: Self.waiting) { other in
                try other.inTransaction(.immediate) { try other.writingInBulk(into: "photo") { try Self.insertPhotos(10...11, other) } }
            }
            let dump = try queue.readAndWait(photoDump)
            let error = try #require(caught(DatabaseUndoError.self) { try stack.undo() })
            #expect(error.code == .conflict)
            #expect(Set(error.conflicts) == [DatabaseUndoError.Conflict(table: "photo", key: .integer(1)),
                                             DatabaseUndoError.Conflict(table: "photo", key: .integer(2))])
            #expect(try queue.readAndWait(photoDump) == dump, "a refused undo changes nothing")
            let report = try stack.undo(.applyingWhatStillApplies)
            #expect(report.skipped.count == 2 && report.changedRowCount == 0)
        }
    }
}
