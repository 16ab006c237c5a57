import Foundation
import Testing
@testable import Persistence

@Suite struct ChangeObservationTests {
    enum WriterKind: String, CaseIterable { case queue, pool }

    static func makeWriter(_ kind: WriterKind, _ directory: TemporaryDirectory) throws -> any DatabaseWriter {
        let path = directory.path("db.sqlite")
        switch kind {
        case .queue: return try DatabaseQueue(path: path)
        case .pool: return try DatabasePool(path: path)
        }
    }

    @Test(arguments: WriterKind.allCases)
    func localCommitsAreDeliveredWithRowIDsAndRollbacksAreNot(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let writer = try Self.makeWriter(kind, directory)
        try await writer.write { db in try makePhotoTable(db) }
        let received = Signal<DatabaseChanges>()
        let observation = writer.observeChanges { db, changes in
            // One read transaction: the observer reads one snapshot.
            #expect(db.isInsideTransaction)
            received.send(changes)
        }
        await #expect(throws: Rollback.self) {
            try await writer.write { db in
                try db.execute(sql: "DELETE FROM photo")
                throw Rollback()
            }
        }
        try await writer.write { db in
            try db.execute(sql: "INSERT INTO photo (id, name) VALUES (7, 'Seven')")
            try db.execute(sql: "UPDATE photo SET rating = 0 WHERE id = 1")
        }
        let changes = try #require(await received.next())
        #expect(changes.origin == .local)
        #expect(changes.tables["photo"] == TableChanges(inserted: [7], updated: [1]))
        observation.cancel()
        try await writer.write { db in try db.execute(sql: "DELETE FROM photo WHERE id = 7") }
        // Nothing arrives after cancel: a later observer sees the next
        // commit, and the cancelled one saw nothing in between.
        let later = Signal<DatabaseChanges>()
        let second = writer.observeChanges { _, changes in later.send(changes) }
        try await writer.write { db in try db.execute(sql: "DELETE FROM photo WHERE id = 1") }
        #expect(await later.next()?.tables["photo"]?.deleted == [1])
        #expect(received.wait(seconds: 0) == nil)
        second.cancel()
        try writer.close()
    }

    @Test(arguments: WriterKind.allCases)
    func commitsByTheSQLiteShellAreDeliveredAsExternal(kind: WriterKind) async throws {
        let shell = "/usr/bin/sqlite3"
        try #require(FileManager.default.isExecutableFile(atPath: shell), "the sqlite3 shell is needed")
        let directory = try TemporaryDirectory()
        let writer = try Self.makeWriter(kind, directory)
        try await writer.write { db in try makePhotoTable(db) }
        let received = Signal<DatabaseChanges>()
        let observation = writer.observeChanges { db, changes in
            if changes.origin == .external {
                let count = (try? Int.fetchOne(db, sql: "SELECT count(*) FROM photo")) ?? -1
                received.send(changes)
                #expect(count == 4)
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = [directory.path("db.sqlite"), "INSERT INTO photo (name) VALUES ('From the shell');"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let changes = try #require(await received.next(seconds: 20))
        #expect(changes.origin == .external)
        #expect(!changes.isFullyTracked)
        #expect(changes.mayAffect(DatabaseRegion(tables: ["photo"])))
        #expect(try await writer.read { db in try String.fetchOne(db, sql: "SELECT name FROM photo WHERE id = 4") } == "From the shell")
        observation.cancel()
        try writer.close()
    }
}
