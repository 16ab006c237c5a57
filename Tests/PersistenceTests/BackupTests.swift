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

    @Test func copiesAnAttachedSchemaIntoAnother() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try Database(path: ":memory:")
        try source.execute(sql: "ATTACH ? AS archive", arguments: [directory.appendingPathComponent("archive.db").path])
        try source.execute(sql: "CREATE TABLE archive.old(v); INSERT INTO archive.old VALUES (42)")
        let destination = try Database(path: ":memory:")
        try destination.execute(sql: "ATTACH ? AS copy", arguments: [directory.appendingPathComponent("copy.db").path])
        try source.backup(to: destination, sourceSchema: "archive", destinationSchema: "copy")
        #expect(try Int.fetchOne(destination, sql: "SELECT v FROM copy.old") == 42)
        #expect(throws: DatabaseError.self) { try source.backup(to: destination, sourceSchema: "nosuch") }
    }

    /// A destination locked by another connection fails the copy once the
    /// busy timeout has passed, instead of retrying forever; the
    /// destination keeps its content.
    @Test func aLockedDestinationFailsAfterTheBusyTimeout() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("locked.db").path
        let destination = try Database(path: path)
        try destination.execute(sql: "CREATE TABLE kept(x); INSERT INTO kept VALUES (1)")
        let locker = try Database(path: path)
        try locker.execute(sql: "BEGIN EXCLUSIVE")
        let source = try Self.filled()
        let error = try source.readAndWait { db -> DatabaseError? in
            #expect(throws: DatabaseError.self) { try db.backup(to: destination, busyTimeout: .milliseconds(50)) }
            do { try db.backup(to: destination, busyTimeout: .milliseconds(50)) } catch let error as DatabaseError { return error }
            return nil
        }
        #expect(error?.resultCode == .SQLITE_BUSY)
        try locker.execute(sql: "ROLLBACK")
        #expect(try Int.fetchOne(destination, sql: "SELECT x FROM kept") == 1)
    }
}
