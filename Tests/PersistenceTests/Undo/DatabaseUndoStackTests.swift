import Foundation
import Testing
@testable import Persistence

/// Undo and redo of this app's own transactions: steps, names, levels, the
/// redo side, and the rules for other writers, schema changes, pruning,
/// open transactions, triggers and foreign keys.
@Suite struct DatabaseUndoStackTests {
    /// A file database with a photo table recorded with values, its stack,
    /// and the file's path (for other connections and processes).
    static func withStack(_ schema: String = "", tables: [String] = ["photo"],
                          _ body: (DatabaseQueue, DatabaseUndoStack, String) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("undo.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.writeAndWait { db in
            try makePhotoTable(db)
            if !schema.isEmpty { try db.execute(sql: schema) }
            try db.enableChangeHistory(for: tables, values: true)
        }
        let stack = try DatabaseUndoStack(writer: queue)
        defer { try? queue.close() }
        try body(queue, stack, path)
    }

    static func names(_ queue: DatabaseQueue) throws -> [String] {
        try queue.readAndWait { db in try String.fetchAll(db, sql: "SELECT name FROM photo ORDER BY id") }
    }

    @Test func aNamedStepIsUndoneAndRedoneInOneTransactionEach() throws {
        try Self.withStack { queue, stack, _ in
            #expect(!stack.canUndo && !stack.canRedo && stack.undoActionName == "")
            try stack.undoGroupAndWait(name: "Rename Photo") { db in
                try db.execute(sql: "UPDATE photo SET name = 'Tram' WHERE id = 1")
                try db.execute(sql: "DELETE FROM photo WHERE id = 2")
                try db.execute(sql: "INSERT INTO photo (name, rating) VALUES ('New', 1)")
            }
            #expect(try Self.names(queue) == ["Tram", "Harbor", "New"])
            #expect(stack.canUndo && stack.undoActionName == "Rename Photo" && stack.undoSteps.count == 1)
            let before = try queue.readAndWait { try Int64.fetchOne($0, sql: "SELECT max(seq) FROM plume_history") }
            let report = try stack.undo()
            #expect(report.actionName == "Rename Photo" && report.changedRowCount == 3 && report.skipped.isEmpty)
            #expect(try Self.names(queue) == ["Sunset", "Dog", "Harbor"])
            #expect(try queue.readAndWait(photoDump).map { $0["album"] } == [.text("Holidays"), .text("Home"), .null])
            #expect(!stack.canUndo && stack.canRedo && stack.redoActionName == "Rename Photo")
            // The undo is a write of this connection in the history.
            let history = try queue.readAndWait { db in try db.changeHistory(since: ChangeHistoryToken(databaseID: try db.currentChangeHistoryToken().databaseID, sequence: before!)) }
            #expect(history.entries.map(\.operation) == [.delete, .insert, .update])
            #expect(history.entries.allSatisfy { $0.hasValues })
            try stack.redo()
            #expect(try Self.names(queue) == ["Tram", "Harbor", "New"])
            #expect(stack.canUndo && !stack.canRedo && stack.undoActionName == "Rename Photo")
            try stack.undo()
            #expect(try Self.names(queue) == ["Sunset", "Dog", "Harbor"])
        }
    }

    @Test func aTransactionThatChangesNothingIsNotAStep() throws {
        try Self.withStack { _, stack, _ in
            try stack.writeAndWait { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") }
            try stack.writeAndWait { db in try db.execute(sql: "DELETE FROM photo WHERE id = 99") }
            #expect(!stack.canUndo)
            #expect(caught(DatabaseUndoError.self) { try stack.undo() }?.code == .nothingToUndo)
            #expect(caught(DatabaseUndoError.self) { try stack.redo() }?.code == .nothingToRedo)
        }
    }

    @Test func aNewWriteClearsTheRedoSide() throws {
        try Self.withStack { queue, stack, _ in
            try stack.undoGroupAndWait(name: "A") { try $0.execute(sql: "UPDATE photo SET name = 'A' WHERE id = 1") }
            try stack.undoGroupAndWait(name: "B") { try $0.execute(sql: "UPDATE photo SET name = 'B' WHERE id = 2") }
            try stack.undo()
            #expect(stack.redoSteps.map(\.actionName) == ["B"])
            try stack.undoGroupAndWait(name: "C") { try $0.execute(sql: "UPDATE photo SET name = 'C' WHERE id = 3") }
            #expect(!stack.canRedo && stack.undoSteps.map(\.actionName) == ["A", "C"])
            try stack.undo()
            try stack.undo()
            #expect(try Self.names(queue) == ["Sunset", "Dog", "Harbor"])
        }
    }

    @Test func levelsOfUndoDropTheOldestSteps() throws {
        try Self.withStack { queue, stack, _ in
            stack.levelsOfUndo = 2
            for (index, name) in ["A", "B", "C"].enumerated() {
                try stack.undoGroupAndWait(name: name) { try $0.execute(sql: "UPDATE photo SET name = ? WHERE id = ?", arguments: [name, index + 1]) }
            }
            #expect(stack.undoSteps.map(\.actionName) == ["B", "C"])
            try stack.undo()
            try stack.undo()
            #expect(caught(DatabaseUndoError.self) { try stack.undo() }?.code == .nothingToUndo)
            #expect(try Self.names(queue) == ["A", "Dog", "Harbor"])
            try stack.redo()
            stack.levelsOfUndo = 1
            try stack.redo()
            #expect(stack.undoSteps.map(\.actionName) == ["C"])
        }
    }

    @Test func anotherConnectionsChangeToARowOfTheStepIsAConflictNamingTableAndKey() throws {
        try Self.withStack { queue, stack, path in
            try stack.undoGroupAndWait(name: "Rate") { try $0.execute(sql: "UPDATE photo SET rating = 1 WHERE id IN (1, 2)") }
            try withDatabase(.file(path)) { other in try other.execute(sql: "UPDATE photo SET rating = 9 WHERE id = 2") }
            let dump = try queue.readAndWait(photoDump)
            let error = try #require(caught(DatabaseUndoError.self) { try stack.undo() })
            #expect(error.code == .conflict)
            #expect(error.conflicts == [DatabaseUndoError.Conflict(table: "photo", key: .integer(2))])
            #expect(error.message.contains("photo 2") && error.message.contains("Rate"))
            #expect(try queue.readAndWait(photoDump) == dump, "a refused undo changes nothing")
            #expect(stack.canUndo)

            // Where the app asks, what still applies is applied.
            let report = try stack.undo(.applyingWhatStillApplies)
            #expect(report.skipped == [DatabaseUndoError.Conflict(table: "photo", key: .integer(2))])
            #expect(try queue.readAndWait { try Int?.fetchAll($0, sql: "SELECT rating FROM photo ORDER BY id") } == [5, 9, 3])
            try stack.redo()
            #expect(try queue.readAndWait { try Int?.fetchAll($0, sql: "SELECT rating FROM photo ORDER BY id") } == [1, 9, 3])
        }
    }

    @Test func anotherProcessesWritesAreNeverUndone() throws {
        try Self.withStack { queue, stack, path in
            try stack.undoGroupAndWait(name: "Add") { try $0.execute(sql: "INSERT INTO photo (name) VALUES ('Mine')") }
            try runSQLiteShell(path, "INSERT INTO photo (name) VALUES ('Theirs'); UPDATE photo SET rating = 7 WHERE id = 1")
            try stack.undo()
            #expect(try Self.names(queue) == ["Sunset", "Dog", "Harbor", "Theirs"])
            #expect(try queue.readAndWait { try Int.fetchOne($0, sql: "SELECT rating FROM photo WHERE id = 1") } == 7)
            try stack.redo()
            // The shell deletes the row the step inserted: undo refuses.
            try runSQLiteShell(path, "DELETE FROM photo WHERE name = 'Mine'")
            let error = caught(DatabaseUndoError.self) { try stack.undo() }
            #expect(error?.code == .conflict && error?.conflicts.first?.table == "photo")
            #expect(try Self.names(queue) == ["Sunset", "Dog", "Harbor", "Theirs"])
        }
    }

    @Test func writesOutsideTheStackOnTheSameConnectionAreAnotherWritersToo() throws {
        try Self.withStack { queue, stack, _ in
            try stack.undoGroupAndWait(name: "Rename") { try $0.execute(sql: "UPDATE photo SET name = 'X' WHERE id = 1") }
            try queue.writeAndWait { try $0.execute(sql: "UPDATE photo SET name = 'Y' WHERE id = 1") }
            #expect(caught(DatabaseUndoError.self) { try stack.undo() }?.code == .conflict)
            #expect(try Self.names(queue).first == "Y")
        }
    }

    @Test func undoInsideAnOpenTransactionIsRefused() throws {
        try Self.withStack { queue, stack, _ in
            try stack.undoGroupAndWait(name: "A") { try $0.execute(sql: "UPDATE photo SET name = 'A' WHERE id = 1") }
            var inside: DatabaseUndoError?
            try stack.writeAndWait { db in
                try db.execute(sql: "UPDATE photo SET name = 'B' WHERE id = 2")
                inside = caught(DatabaseUndoError.self) { try stack.undo() }
            }
            #expect(inside?.code == .transactionOpen)
            try queue.writeWithoutTransactionAndWait { db in
                try db.execute(sql: "BEGIN")
                #expect(caught(DatabaseUndoError.self) { try stack.undo() }?.code == .transactionOpen)
                try db.execute(sql: "ROLLBACK")
            }
            try stack.undo()
            try stack.undo()
            #expect(try Self.names(queue) == ["Sunset", "Dog", "Harbor"])
        }
    }

    @Test func aSchemaChangeClearsTheStack() throws {
        try Self.withStack { queue, stack, path in
            try stack.undoGroupAndWait(name: "A") { try $0.execute(sql: "UPDATE photo SET name = 'A' WHERE id = 1") }
            try withDatabase(.file(path)) { other in try other.execute(sql: "CREATE INDEX photo_rating ON photo (rating)") }
            let error = caught(DatabaseUndoError.self) { try stack.undo() }
            #expect(error?.code == .schemaChanged, "\(String(describing: error))")
            #expect(!stack.canUndo && !stack.canRedo)
            #expect(try Self.names(queue).first == "A")
            // A write through the stack that changes the schema clears it too.
            try stack.undoGroupAndWait(name: "B") { try $0.execute(sql: "UPDATE photo SET name = 'B' WHERE id = 1") }
            try stack.undoGroupAndWait(name: "DDL") { db in
                try db.execute(sql: "UPDATE photo SET name = 'C' WHERE id = 1")
                try db.execute(sql: "CREATE TABLE other (x)")
            }
            #expect(!stack.canUndo)
        }
    }

    @Test func aStepWhoseHistoryWasPrunedIsDroppedAndTheDatabaseKept() throws {
        try Self.withStack { queue, stack, path in
            try stack.undoGroupAndWait(name: "A") { try $0.execute(sql: "UPDATE photo SET name = 'A' WHERE id = 1") }
            try stack.undoGroupAndWait(name: "B") { try $0.execute(sql: "UPDATE photo SET name = 'B' WHERE id = 2") }
            // This connection keeps what its stack needs…
            try queue.writeAndWait { db in _ = try db.pruneChangeHistory(ChangeHistoryRetention(maximumAge: nil, maximumCount: 1)) }
            #expect(try queue.readAndWait { try Int.fetchOne($0, sql: "SELECT count(*) FROM plume_history") }! >= 2)
            // …another connection need not.
            try withDatabase(.file(path)) { other in
                let newest = try other.currentChangeHistoryToken()
                try other.deleteChangeHistory(before: newest)
            }
            try stack.undo()   // B's entries are kept (the newest is never pruned)
            let dump = try queue.readAndWait(photoDump)
            let error = caught(DatabaseUndoError.self) { try stack.undo() }
            #expect(error?.code == .historyPruned, "\(String(describing: error))")
            #expect(error?.message.contains("\"A\"") == true)
            #expect(try queue.readAndWait(photoDump) == dump)
            #expect(!stack.canUndo && stack.redoSteps.map(\.actionName) == ["B"], "A is dropped, B can still be redone")
            try stack.redo()
            #expect(try Self.names(queue) == ["A", "B", "Harbor"])
        }
    }

    @Test func aTableRecordedWithoutValuesCannotBeWrittenThroughTheStack() throws {
        try Self.withStack("CREATE TABLE note (id INTEGER PRIMARY KEY, text)") { queue, stack, _ in
            try queue.writeAndWait { db in try db.enableChangeHistory(for: ["note"]) }
            let error = caught(DatabaseUndoError.self) {
                try stack.writeAndWait { db in
                    try db.execute(sql: "UPDATE photo SET name = 'A' WHERE id = 1")
                    try db.execute(sql: "INSERT INTO note (text) VALUES ('x')")
                }
            }
            #expect(error?.code == .notUndoable && error?.message.contains("note") == true)
            #expect(try Self.names(queue).first == "Sunset", "the write was rolled back")
            #expect(!stack.canUndo)
        }
    }

    @Test func replaceOfARowAtTheSameKeyIsUndoneToTheOldRow() throws {
        try Self.withStack("CREATE TABLE tag (name TEXT PRIMARY KEY COLLATE NOCASE, color) WITHOUT ROWID; INSERT INTO tag VALUES ('red', 1)",
                           tables: ["photo", "tag"]) { queue, stack, _ in
            let before = try queue.readAndWait { db in try Row.fetchAll(db, sql: "SELECT * FROM photo UNION ALL SELECT NULL, name, color, NULL FROM tag") }
            try stack.undoGroupAndWait(name: "Replace") { db in
                try db.execute(sql: "INSERT OR REPLACE INTO photo (id, name, rating) VALUES (1, 'New', 0)")
                try db.execute(sql: "INSERT OR REPLACE INTO tag VALUES ('RED', 2)")
                try db.execute(sql: "UPDATE OR REPLACE photo SET id = 3 WHERE id = 2")
            }
            #expect(try Self.names(queue) == ["New", "Dog"])
            try stack.undo()
            let after = try queue.readAndWait { db in try Row.fetchAll(db, sql: "SELECT * FROM photo UNION ALL SELECT NULL, name, color, NULL FROM tag") }
            #expect(after == before)
            try stack.redo()
            #expect(try Self.names(queue) == ["New", "Dog"])
            #expect(try queue.readAndWait { try String.fetchAll($0, sql: "SELECT name FROM tag") } == ["RED"])
        }
    }

    @Test func triggersAndForeignKeyActionsAreNotRunAgainWhileUndoing() throws {
        let schema = """
            CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT, count INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE item (id INTEGER PRIMARY KEY, album INTEGER REFERENCES album(id) ON DELETE CASCADE, label TEXT);
            CREATE TRIGGER item_added AFTER INSERT ON item BEGIN UPDATE album SET count = count + 1 WHERE id = NEW.album; END;
            CREATE TRIGGER item_removed AFTER DELETE ON item BEGIN UPDATE album SET count = count - 1 WHERE id = OLD.album; END;
            CREATE TABLE comment (id INTEGER PRIMARY KEY, album INTEGER REFERENCES album(id), text TEXT);
            """
        try Self.withStack(schema, tables: ["photo", "album", "item"]) { queue, stack, path in
            try queue.writeWithoutTransactionAndWait { try $0.execute(sql: "PRAGMA foreign_keys = ON") }
            try stack.undoGroupAndWait(name: "Add Album") { db in
                try db.execute(sql: "INSERT INTO album (id, title) VALUES (1, 'Lisbon')")
                try db.execute(sql: "INSERT INTO item (album, label) VALUES (1, 'a'), (1, 'b')")
            }
            let added = try queue.readAndWait { try Row.fetchAll($0, sql: "SELECT * FROM album UNION ALL SELECT id, label, album FROM item") }
            try stack.undoGroupAndWait(name: "Delete Album") { try $0.execute(sql: "DELETE FROM album WHERE id = 1") }
            #expect(try queue.readAndWait { try Int.fetchOne($0, sql: "SELECT count(*) FROM item") } == 0, "the cascade ran")
            try stack.undo()
            let restored = try queue.readAndWait { try Row.fetchAll($0, sql: "SELECT * FROM album UNION ALL SELECT id, label, album FROM item") }
            #expect(restored == added, "the count is 2, not 4: the insert trigger did not run again")
            try stack.undo()
            #expect(try queue.readAndWait { try Int.fetchOne($0, sql: "SELECT count(*) FROM album") } == 0)
            try stack.redo()
            #expect(try queue.readAndWait { try Row.fetchAll($0, sql: "SELECT * FROM album UNION ALL SELECT id, label, album FROM item") } == added)
            #expect(try queue.readAndWait { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") } == 1, "foreign keys are on again")
            // Another connection comments on the album: undoing the album's
            // insert would leave the comment pointing nowhere.
            try withDatabase(.file(path)) { other in try other.execute(sql: "INSERT INTO comment (album, text) VALUES (1, 'theirs')") }
            let error = caught(DatabaseUndoError.self) { try stack.undo() }
            #expect(error?.code == .foreignKeyViolation, "\(String(describing: error))")
            #expect(try queue.readAndWait { try Int.fetchOne($0, sql: "SELECT count(*) FROM album") } == 1)
        }
    }

    @Test func aPoolStackUndoesAsAQueueStackDoes() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("pool.sqlite"))
        defer { try? pool.close() }
        try pool.writeAndWait { db in
            try makePhotoTable(db)
            try db.enableChangeHistory(for: ["photo"], values: true)
        }
        let stack = try DatabaseUndoStack(writer: pool, levelsOfUndo: 5)
        try stack.undoGroupAndWait(name: "Delete") { try $0.execute(sql: "DELETE FROM photo") }
        #expect(try pool.readAndWait { try Int.fetchOne($0, sql: "SELECT count(*) FROM photo") } == 0)
        try stack.undo()
        #expect(try pool.readAndWait { try String.fetchAll($0, sql: "SELECT name FROM photo ORDER BY id") } == ["Sunset", "Dog", "Harbor"])
    }

    @Test func aStackNeedsAChangeHistory() throws {
        let queue = try DatabaseQueue()
        #expect(caught(ChangeHistoryError.self) { _ = try DatabaseUndoStack(writer: queue) }?.code == .notEnabled)
    }
}
