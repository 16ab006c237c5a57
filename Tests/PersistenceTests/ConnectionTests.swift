import CSQLite
import Foundation
import Testing
@testable import Persistence

@Suite struct ConnectionTests {
    @Test func fileConnectionUsesWALForeignKeysAndBusyTimeout() throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.busyTimeout = .milliseconds(1234)
        try withDatabase(.file(directory.path("db.sqlite")), configuration: configuration) { (db: Database) throws in
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            #expect(try Int.fetchOne(db, sql: "PRAGMA foreign_keys") == 1)
            #expect(try Int.fetchOne(db, sql: "PRAGMA busy_timeout") == 1234)
            #expect(db.isOpen && !db.isReadOnly)
        }
        #expect(FileManager.default.fileExists(atPath: directory.path("db.sqlite")))
    }

    @Test func inMemoryConnectionsArePrivate() throws {
        try withDatabase { first in
            try withDatabase { second in
                try first.execute(sql: "CREATE TABLE t (a)")
                #expect(try Int.fetchOne(second, sql: "SELECT count(*) FROM sqlite_master") == 0)
            }
        }
    }

    @Test func missingFileWithoutCreateIsAClearError() throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.createIfMissing = false
        let path = directory.path("missing.sqlite")
        let error = try #require(caught(DatabaseError.self) { _ = try Database(path: path, configuration: configuration) })
        #expect(ResultCode.SQLITE_CANTOPEN ~= error.extendedResultCode)
        #expect(error.description.contains(path))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func refusesSymbolicLinksWhenAsked() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("real.sqlite"), link = directory.path("link.sqlite")
        try Database(path: path).execute(sql: "CREATE TABLE t(x)")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        _ = try Database(path: link)
        var configuration = Database.Configuration()
        configuration.refusesSymbolicLinks = true
        let error = try #require(caught(DatabaseError.self) { _ = try Database(path: link, configuration: configuration) })
        #expect(ResultCode.SQLITE_CANTOPEN ~= error.extendedResultCode)
        _ = try Database(path: path, configuration: configuration)
    }

    /// With `readsSchemaOnOpen` false a file that is not a database opens,
    /// and the first statement that reads it fails.
    @Test func skippingTheSchemaReadDefersTheError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        try Data(String(repeating: "not a database ", count: 40).utf8).write(to: URL(fileURLWithPath: path))
        var configuration = Database.Configuration()
        configuration.journalMode = .default
        configuration.readsSchemaOnOpen = false
        let database = try Database(path: path, configuration: configuration)
        #expect(try Int.fetchOne(database, sql: "SELECT 1") == 1)
        let error = try #require(caught(DatabaseError.self) { try database.execute(sql: "SELECT * FROM sqlite_schema") })
        #expect(ResultCode.SQLITE_NOTADB ~= error.extendedResultCode)
        #expect(caught(DatabaseError.self) { _ = try Database(path: path) } != nil)
    }

    @Test func opensWithTheNamedVFS() throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.journalMode = .delete
        configuration.vfsName = "unix-dotfile"
        let database = try Database(path: directory.path("dotfile.sqlite"), configuration: configuration)
        try database.execute(sql: "CREATE TABLE t(x)")
        configuration.vfsName = "no-such-vfs"
        let error = try #require(caught(DatabaseError.self) {
            _ = try Database(path: directory.path("other.sqlite"), configuration: configuration)
        })
        #expect(error.message.contains("no such vfs: no-such-vfs"))
    }

    @Test func nonDatabaseFileIsAClearErrorAndStaysUntouched() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("garbage.sqlite")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let error = try #require(caught(DatabaseError.self) { _ = try Database(path: path) })
        #expect(error.extendedResultCode == .SQLITE_NOTADB)
        #expect(error.message.contains(path))
        #expect(error.message.contains("not a database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test func corruptDatabaseFileIsAClearError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("corrupt.sqlite")
        try withDatabase(.file(path)) { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            try makePhotoTable(db)
        }
        // Keep the header, scribble over the schema page.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for index in 100..<min(bytes.count, 1024) { bytes[index] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
        let error = try #require(caught(DatabaseError.self) { _ = try Database(path: path) })
        #expect(error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB)
        #expect(error.message.contains(path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func readOnlyConnectionRefusesWritesAndKeepsTheData() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try withDatabase(.file(path)) { db in try makePhotoTable(db) }
        var configuration = Database.Configuration()
        configuration.readOnly = true
        try withDatabase(.file(path), configuration: configuration) { (db: Database) throws in
            #expect(db.isReadOnly)
            let before = try photoDump(db)
            let error = try #require(caught(DatabaseError.self) {
                try db.execute(sql: "INSERT INTO photo (name) VALUES ('New')")
            })
            #expect(ResultCode.SQLITE_READONLY ~= error.extendedResultCode)
            #expect(error.sql == "INSERT INTO photo (name) VALUES ('New')")
            #expect(try photoDump(db) == before)
        }
    }

    @Test func uriOpensReadOnly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try withDatabase(.file(path)) { db in try makePhotoTable(db) }
        try withDatabase(.uri("file:\(path)?mode=ro")) { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") == 3)
            #expect(caught(DatabaseError.self) { try db.execute(sql: "DELETE FROM photo") }?.resultCode == .SQLITE_READONLY)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") == 3)
        }
    }

    @Test func statementUsedAfterCloseIsAnError() throws {
        let db = try Database(location: .inMemory)
        try makePhotoTable(db)
        let statement = try db.makeStatement(sql: "SELECT name FROM photo")
        let cached = try db.cachedStatement(sql: "SELECT id FROM photo")
        try db.close()
        #expect(!db.isOpen)
        for used in [statement, cached] {
            let error = try #require(caught(DatabaseError.self) { try used.step() })
            #expect(error.extendedResultCode == .SQLITE_MISUSE)
            #expect(error.message.contains("closed"))
        }
        #expect(caught(DatabaseError.self) { try statement.setArguments([]) }?.extendedResultCode == .SQLITE_MISUSE)
        #expect(caught(DatabaseError.self) { try db.execute(sql: "SELECT 1") }?.extendedResultCode == .SQLITE_MISUSE)
        #expect(caught(DatabaseError.self) { _ = try db.makeStatement(sql: "SELECT 1") }?.message.contains("closed") == true)
        try db.close() // closing twice does nothing
    }

    @Test func closeFinalizesOutstandingStatementsAndCursors() throws {
        let db = try Database(location: .inMemory)
        try makePhotoTable(db)
        let cursor = try Row.fetchCursor(db, sql: "SELECT * FROM photo")
        #expect(try cursor.next() != nil)
        let statement = try db.makeStatement(sql: "SELECT 1")
        try db.close()
        #expect(caught(DatabaseError.self) { _ = try cursor.next() }?.extendedResultCode == .SQLITE_MISUSE)
        #expect(caught(DatabaseError.self) { try statement.run() }?.extendedResultCode == .SQLITE_MISUSE)
    }

    @Test func closeReportsStatementsPreparedBehindPlumesBack() throws {
        let db = try Database(location: .inMemory)
        var raw: OpaquePointer?
        #expect(sqlite3_prepare_v2(db.sqliteConnection, "SELECT 42", -1, &raw, nil) == SQLITE_OK)
        let error = try #require(caught(DatabaseError.self) { try db.close() })
        #expect(error.extendedResultCode == .SQLITE_MISUSE)
        #expect(error.message.contains("SELECT 42"))
        #expect(!db.isOpen) // closed all the same
    }

    @Test func closeLeavesVirtualTablesTheirOwnStatements() throws {
        // FTS5 prepares statements of its own and finalizes them when the
        // connection closes: Plume must not finalize them first.
        let db = try Database(location: .inMemory)
        try db.execute(sql: """
            CREATE VIRTUAL TABLE note USING fts5(body);
            INSERT INTO note (body) VALUES ('lighter view controllers');
            """)
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM note WHERE note MATCH 'lighter'") == 1)
        try db.close()
        #expect(!db.isOpen)
    }

    @Test func sqliteVersionIsReported() {
        #expect(Database.sqliteVersion.hasPrefix("3."))
        #expect(Database.sqliteVersionNumber >= 3_040_000)
    }
}
