import Foundation
import Testing
@testable import Persistence

/// A process stopped in the middle of a write leaves a hot rollback
/// journal: a read-only connection undoes that write when the file is
/// writable, as sqlite3 does, and reads the last committed state.
@Suite struct HotJournalTests {
    /// A database file and its journal as a process killed mid-transaction
    /// leaves them: copied while a transaction that spilled pages into the
    /// file is still open.
    static func makeInterruptedWrite(in directory: TemporaryDirectory) throws -> String {
        let original = directory.path("original.sqlite")
        let db = try Database(path: original, configuration: {
            var configuration = Database.Configuration()
            configuration.journalMode = .delete
            return configuration
        }())
        try db.execute(sql: """
            CREATE TABLE t (id INTEGER PRIMARY KEY, x BLOB);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
            INSERT INTO t SELECT i, zeroblob(500) FROM n;
            PRAGMA cache_size = 2;
            BEGIN;
            UPDATE t SET x = randomblob(600);
            """)
        let crashed = directory.path("crashed.sqlite")
        try FileManager.default.copyItem(atPath: original, toPath: crashed)
        try FileManager.default.copyItem(atPath: original + "-journal", toPath: crashed + "-journal")
        try db.execute(sql: "ROLLBACK")
        try db.close()
        return crashed
    }

    @Test func aReadOnlyConnectionRollsTheInterruptedWriteBack() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.makeInterruptedWrite(in: directory)
        var configuration = Database.Configuration()
        configuration.readOnly = true
        let db = try Database(path: path, configuration: configuration)
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM t WHERE x = zeroblob(500)") == 2000)
        #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        // Still read-only.
        #expect(throws: DatabaseError.self) { try db.execute(sql: "DELETE FROM t") }
    }

    @Test func aReadOnlyQueueOpensAndReads() async throws {
        let directory = try TemporaryDirectory()
        let path = try Self.makeInterruptedWrite(in: directory)
        var configuration = Database.Configuration()
        configuration.readOnly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        #expect(try await queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 2000)
        try queue.close()
    }

    @Test func theMessageSaysWhatIsWrongAndHowToFixIt() {
        let message = Database.interruptedWriteMessage(path: "/data/photos.sqlite", reason: "attempt to write a readonly database")
        #expect(message.contains("/data/photos.sqlite-journal"))
        #expect(message.contains("needs write access"))
        #expect(message.contains("sqlite3 /data/photos.sqlite 'PRAGMA quick_check;'"))
    }
}
