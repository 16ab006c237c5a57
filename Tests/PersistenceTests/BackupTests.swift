import Foundation
import Persistence
import Testing

/// Online backup and `VACUUM INTO`, through the public API.
@Suite struct BackupTests {
    static func filled() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.writeAndWait { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, x BLOB)")
            try db.execute(sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) INSERT INTO t SELECT i, randomblob(400) FROM n")
        }
        return queue
    }

    @Test func copiesEveryPageWithProgress() throws {
        let source = try Self.filled()
        let destination = try DatabaseQueue()
        var reports: [BackupProgress] = []
        try source.backup(to: destination, pagesPerStep: 10) { reports.append($0) }
        #expect(reports.count > 5)
        #expect(reports.last?.isCompleted == true)
        #expect(try destination.readAndWait { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 500)
        #expect(try destination.readAndWait { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
    }

    struct Cancelled: Error {}

    @Test func cancellingLeavesTheDestinationAsItWas() throws {
        let source = try Self.filled()
        let destination = try DatabaseQueue()
        try destination.writeAndWait { db in try db.execute(sql: "CREATE TABLE kept (y); INSERT INTO kept VALUES (1)") }
        #expect(throws: Cancelled.self) {
            try source.backup(to: destination, pagesPerStep: 5) { progress in
                if progress.completedPageCount > 10 { throw Cancelled() }
            }
        }
        #expect(try destination.readAndWait { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master") } == ["kept"])
    }

    @Test func vacuumIntoWritesACompactCopy() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-vacuum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("copy.sqlite").path
        let source = try Self.filled()
        try source.writeWithoutTransactionAndWait { db in try db.vacuum(into: path) }
        let copy = try DatabaseQueue(path: path)
        #expect(try copy.readAndWait { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 500)
        try copy.close()
        #expect(throws: DatabaseError.self) { try source.writeWithoutTransactionAndWait { db in try db.vacuum(into: path) } }
    }
}
