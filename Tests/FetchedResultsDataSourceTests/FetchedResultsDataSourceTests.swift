import FetchedResults
import Foundation
import Persistence
import Testing
@testable import FetchedResultsDataSource

@MainActor
@Suite struct FetchedResultsDataSourceTests {
    @Test func followsRandomInProcessWritesWithValidBatches() async throws {
        try await PhotoLibrary.with { library in
            var writes = RandomWrites(seed: 11)
            for step in 0..<120 {
                let ids = try await library.database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM photo") }
                let statements = writes.transaction(ids: ids)
                try await library.database.write { db in
                    for sql in statements { try db.execute(sql: sql) }
                }
                try await library.settle("step \(step): \(statements)")
                try library.expectAnswersMatchController()
            }
            #expect(library.consumer.violations.isEmpty, "\(library.consumer.violations.prefix(3))")
            #expect(library.consumer.stepCopy == library.consumer.copy)
            #expect(library.consumer.batches > 50)
        }
    }

    @Test func followsRandomWritesFromAnotherProcess() async throws {
        try await PhotoLibrary.with { library in
            var writes = RandomWrites(seed: 12)
            for step in 0..<25 {
                let ids = try await library.database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM photo") }
                let script = "BEGIN;\n" + writes.transaction(ids: ids).joined(separator: ";\n") + ";\nCOMMIT;\n"
                try runSQLite3(library.path, script)
                try await library.settle("external step \(step)")
                try library.expectAnswersMatchController()
            }
            #expect(library.consumer.violations.isEmpty, "\(library.consumer.violations.prefix(3))")
            #expect(library.consumer.stepCopy == library.consumer.copy)
        }
    }

    @Test func fetchingAgainKeepsOneSubscription() async throws {
        try await PhotoLibrary.with { library in
            try await library.dataSource.performFetch()
            #expect(try library.dataSource.snapshot.listSections() == library.freshFetch(), "answers right after the fetch")
            let batches = library.consumer.batches
            try await library.database.write { db in
                try db.execute(sql: "INSERT INTO photo (album, name, rating) VALUES ('Album 1', 'Again', 3)")
            }
            try await library.settle()
            #expect(library.consumer.batches == batches + 1, "one batch per change, not one per fetch")
            #expect(library.consumer.violations.isEmpty)
        }
    }

    @Test func cellsAreConfiguredThroughTheClosureWithAnIdentifierPerItem() async throws {
        try await PhotoLibrary.with { library in
            let path = IndexPath(item: 0, section: 0)
            let cell = library.dataSource.cell(for: library.consumer, at: path)
            let photo = try library.controller.object(at: path)
            #expect(cell.text == photo.name)
            #expect(cell.identifier == (photo.rating >= 4 ? "Star" : "Plain"))
        }
    }

    @Test func deletingARowGoesThroughTheModelAndComesBackAsABatch() async throws {
        try await PhotoLibrary.with { library in
            let database = library.database
            #expect(!library.dataSource.canDeleteRow(at: IndexPath(item: 0, section: 0)))
            library.dataSource.deleteItem = { photo in
                try database.writeAndWait { db in try db.execute(sql: "DELETE FROM photo WHERE id = ?", arguments: [photo.id]) }
            }
            library.dataSource.canEditItem = { $0.rating < 4 }
            let protected = IndexPath(item: 0, section: 0)  // highest rating first
            #expect(!library.dataSource.canDeleteRow(at: protected))
            let path = IndexPath(item: library.dataSource.numberOfRows(inSection: 1) - 1, section: 1)
            #expect(library.dataSource.canDeleteRow(at: path))
            let deleted = try library.dataSource.item(at: path)
            let batches = library.consumer.batches
            try library.dataSource.deleteRow(at: path)
            #expect(try library.dataSource.item(at: path) == deleted, "the list changes only when the controller says so")
            try await library.settle()
            #expect(library.consumer.batches == batches + 1)
            #expect(library.controller.indexPath(forID: deleted.id) == nil)
        }
    }

    @Test func largeChangeSetsReloadTheList() async throws {
        try await PhotoLibrary.with { library in
            library.dataSource.reloadThreshold = 5
            let reloads = library.consumer.reloads
            try await library.database.write { db in try db.execute(sql: "UPDATE photo SET rating = 5 - rating") }
            try await library.settle()
            #expect(library.consumer.reloads == reloads + 1)
            try await library.database.write { db in try db.execute(sql: "UPDATE photo SET name = 'Only' WHERE id = 1") }
            try await library.settle()
            #expect(library.consumer.reloads == reloads + 1)
        }
    }

    @Test(arguments: [true, false])
    func aUserMoveIsNotAppliedTwice(modelAgrees: Bool) async throws {
        try await PhotoLibrary.with(photos: 12, albums: 2) { library in
            let database = library.database
            // The model sends a moved photo to the bottom of its album.
            library.dataSource.moveItem = { photo, _, _ in
                try database.writeAndWait { db in try db.execute(sql: "UPDATE photo SET rating = -1 WHERE id = ?", arguments: [photo.id]) }
            }
            let from = IndexPath(item: 0, section: 0)
            let bottom = IndexPath(item: library.dataSource.numberOfRows(inSection: 0) - 1, section: 0)
            let to = modelAgrees ? bottom : IndexPath(item: 1, section: 0)
            let batches = library.consumer.batches, reloads = library.consumer.reloads
            #expect(library.dataSource.canMoveRow(at: from))
            library.consumer.userMoved(from: from, to: to)  // the list moves the row itself
            try library.dataSource.moveRow(at: from, to: to)
            try await library.settle()
            #expect(library.consumer.batches == batches, "the list is never asked to move the row again")
            if modelAgrees {
                #expect(library.consumer.reloads == reloads)
                #expect(library.consumer.reconfigured.last == bottom, "the moved row shows its new content")
            } else {
                #expect(library.consumer.reloads == reloads + 1, "the model put the row elsewhere: the list reloads")
            }
        }
    }
}

/// Runs a script through the `sqlite3` shell on a database file.
func runSQLite3(_ path: String, _ script: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = ["-bail", path]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    input.fileHandleForWriting.write(Data(script.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "sqlite3 failed (\(process.terminationStatus)) on \(script)"])
    }
}
