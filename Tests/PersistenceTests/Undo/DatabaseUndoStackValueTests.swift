import CSQLite
import Foundation
import Testing
@testable import Persistence

/// Every SQLite value comes back exactly through undo and redo (compared
/// with `quote()`, bytes and bits), keys of every kind included; values
/// beyond the connection's limits fail cleanly.
@Suite struct DatabaseUndoStackValueTests {
    typealias Values = ChangeHistoryValuesTests

    static let schema = """
        CREATE TABLE v (id INTEGER PRIMARY KEY, x, t TEXT, r REAL, n NUMERIC, b BLOB, g AS (typeof(x)) STORED);
        CREATE TABLE k (name TEXT PRIMARY KEY, x) WITHOUT ROWID;
        CREATE TABLE z (a, b, x, PRIMARY KEY (a, b)) WITHOUT ROWID;
        """

    /// Each table's rows as `quote()` and as exact images (class, bytes,
    /// bits).
    static func image(_ queue: DatabaseQueue) throws -> [[String]] {
        try queue.readAndWait { db in
            let columns = ["v": ["id", "x", "t", "r", "n", "b", "g"], "k": ["name", "x"], "z": ["a", "b", "x"]]
            return try ["v", "k", "z"].flatMap { table -> [[String]] in
                let list = columns[table]!
                let quoted = try Row.fetchAll(db, sql: "SELECT \(list.map { "quote(\($0))" }.joined(separator: ", ")) FROM \(table) ORDER BY \(list[0])")
                    .map { row in row.map { "\($0)" } }
                return quoted + (try Values.exactRows(db, "SELECT \(Values.exactColumns(list)) FROM \(table) ORDER BY \(list[0])"))
            }
        }
    }

    @Test func everyValueClassComesBackExactlyThroughUndoAndRedo() throws {
        let queue = try DatabaseQueue()
        defer { try? queue.close() }
        try queue.writeAndWait { db in
            try db.execute(sql: Self.schema)
            try db.enableChangeHistory(for: ["v", "k", "z"], values: true)
        }
        let stack = try DatabaseUndoStack(writer: queue)
        let values = Values.values.filter { $0 != "NULL" }
        var images = [try Self.image(queue)]
        try stack.undoGroupAndWait(name: "Insert") { db in
            for (index, value) in values.enumerated() {
                try db.execute(sql: "INSERT INTO v (id, x, t, r, n, b) VALUES (\(index + 1), \(value), \(value), \(value), \(value), \(value))")
                // Keys: text with invalid UTF-8, -0.0, ±2^63, blobs (no
                // text with a NUL in a key: see the next test).
                if !value.contains("char(0)"), value != "X'00'" {
                    try? db.execute(sql: "INSERT INTO k (name, x) VALUES (CAST(\(value) AS TEXT), \(value))")
                    try? db.execute(sql: "INSERT INTO z (a, b, x) VALUES (\(value), \(index), \(value))")
                }
            }
        }
        images.append(try Self.image(queue))
        try stack.undoGroupAndWait(name: "Update") { db in
            // Each row gets its neighbour's values, and -0.0 replaces 0.0.
            for index in values.indices {
                let value = values[(index + 1) % values.count]
                try db.execute(sql: "UPDATE v SET x = \(value), t = \(value), r = \(value), n = \(value), b = \(value) WHERE id = \(index + 1)")
            }
            try db.execute(sql: "UPDATE k SET x = (-1e-300 * 1e-300)")
            try db.execute(sql: "UPDATE z SET x = CAST(X'FF80' AS TEXT) WHERE b % 2 = 0")
        }
        images.append(try Self.image(queue))
        try stack.undoGroupAndWait(name: "Delete") { db in
            try db.execute(sql: "DELETE FROM v WHERE id % 3 = 0")
            try db.execute(sql: "DELETE FROM k")
            try db.execute(sql: "DELETE FROM z WHERE b % 2 = 1")
        }
        images.append(try Self.image(queue))
        #expect(Set(images).count == 4, "every step changed something")
        for expected in images.dropLast().reversed() {
            try stack.undo()
            #expect(try Self.image(queue) == expected)
        }
        for expected in images.dropFirst() {
            try stack.redo()
            #expect(try Self.image(queue) == expected)
        }
    }

    /// A `WITHOUT ROWID` key whose text holds a `NUL` (`'x'` and
    /// `'x\0y'`, which `quote()` writes alike) names its own row.
    @Test func aTextKeyWithANulIsUndoneAsItsOwnRow() throws {
        let queue = try DatabaseQueue()
        defer { try? queue.close() }
        try queue.writeAndWait { db in
            try db.execute(sql: Self.schema)
            try db.execute(sql: "INSERT INTO k VALUES ('x', 1), ('x' || char(0) || 'y', 2)")
            try db.enableChangeHistory(for: ["k"], values: true)
        }
        let stack = try DatabaseUndoStack(writer: queue)
        let before = try Self.image(queue)
        try stack.writeAndWait { db in try db.execute(sql: "UPDATE k SET x = x + 10") }
        let written = try Self.image(queue)
        #expect(written != before)
        _ = try stack.undo()
        #expect(try Self.image(queue) == before)
        _ = try stack.redo()
        #expect(try Self.image(queue) == written)
    }

    /// An update's changed columns are read as bits for tables of up to 62
    /// columns, column by column beyond.
    @Test(arguments: [10, 62, 63, 80])
    func updatesOfTablesOfEveryWidthAreUndone(columns: Int) throws {
        let queue = try DatabaseQueue()
        defer { try? queue.close() }
        let names = (1...columns).map { "c\($0)" }
        try queue.writeAndWait { db in
            try db.execute(sql: "CREATE TABLE wide (id INTEGER PRIMARY KEY, \(names.joined(separator: ", ")))")
            try db.execute(sql: "INSERT INTO wide (id) VALUES (1), (2), (3)")
            try db.enableChangeHistory(for: ["wide"], values: true)
        }
        let stack = try DatabaseUndoStack(writer: queue)
        let dump = { try queue.readAndWait { try Row.fetchAll($0, sql: "SELECT * FROM wide ORDER BY id") } }
        let before = try dump()
        try stack.writeAndWait { db in
            try db.execute(sql: "UPDATE wide SET c1 = 'a', \(names.last!) = 'z' WHERE id IN (1, 2)")
            try db.execute(sql: "UPDATE wide SET \(names[columns / 2]) = -0.0 WHERE id = 3")
        }
        let after = try dump()
        try stack.undo()
        #expect(try dump() == before)
        try stack.redo()
        #expect(try dump() == after)
    }

    @Test func aConflictOnATextKeyNamesTheKeyAsTheHistorySpellsIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("k.sqlite")
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.writeAndWait { db in
            try db.execute(sql: Self.schema)
            try db.execute(sql: "INSERT INTO z VALUES ('a', 1, 0), ('b', 2, 0)")
            try db.enableChangeHistory(for: ["v", "k", "z"], values: true)
        }
        let stack = try DatabaseUndoStack(writer: queue)
        try stack.writeAndWait { db in try db.execute(sql: "UPDATE z SET x = 1") }
        try runSQLiteShell(path, "UPDATE z SET x = 9 WHERE a = 'b'")
        let error = caught(DatabaseUndoError.self) { try stack.undo() }
        #expect(error?.conflicts == [DatabaseUndoError.Conflict(table: "z", key: .text("'b',2"))])
        #expect(error?.message.contains("z 'b',2") == true)
    }

    @Test func aValueBeyondTheConnectionsLengthLimitFailsTheUndoAndChangesNothing() throws {
        let queue = try DatabaseQueue()
        defer { try? queue.close() }
        try queue.writeAndWait { db in
            try db.execute(sql: Self.schema)
            try db.enableChangeHistory(for: ["v"], values: true)
            try db.execute(sql: "INSERT INTO v (id, b) VALUES (1, zeroblob(100000))")
        }
        let stack = try DatabaseUndoStack(writer: queue)
        try stack.undoGroupAndWait(name: "Delete") { try $0.execute(sql: "DELETE FROM v") }
        let limit = { (value: Int32) in
            try queue.writeWithoutTransactionAndWait { db in sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, value) }
        }
        let previous = try limit(10_000)
        #expect(caught(DatabaseError.self) { try stack.undo() } != nil)
        #expect(try queue.readAndWait { try Int.fetchOne($0, sql: "SELECT count(*) FROM v") } == 0)
        #expect(stack.canUndo, "the step is kept")
        _ = try limit(previous)
        try stack.undo()
        #expect(try queue.readAndWait { try Int.fetchOne($0, sql: "SELECT length(b) FROM v") } == 100_000)
    }
}
