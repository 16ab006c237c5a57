import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// A controller whose database file is replaced under it (another file
/// moved over the path, the file deleted and created again, a symbolic
/// link pointed at another database) or deleted for good fails with
/// ``FetchedResultsError/Code-swift.struct/databaseFileReplaced``: SQLite
/// keeps reading the old file, so without the check the list would show
/// the old rows forever and miss every commit to the new file.
@Suite(.timeLimit(.minutes(1)))
struct FileReplacementTests {
    /// How the path comes to name another file.
    enum Replacement: String, CaseIterable, CustomTestStringConvertible {
        case renamedOver, deletedAndCreatedAgain, symbolicLinkRetargeted
        var testDescription: String { rawValue }
    }

    static let journalModes = ["WAL", "DELETE"]

    /// A database at `path` with one `item` row named `name`.
    static func makeDatabase(at path: String, journalMode: String, name: String) throws {
        let db = try Database(path: path)
        try db.execute(sql: "PRAGMA journal_mode = \(journalMode)")
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS item (id INTEGER PRIMARY KEY, name TEXT)")
        try db.execute(sql: "INSERT INTO item (name) VALUES (?)", arguments: [name])
        try db.close()
    }

    /// Removes a database file with its `-wal`, `-shm` and `-journal` files.
    static func removeDatabase(at path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// Makes `path` (a file, or a link when `replacement` retargets one)
    /// name a new database holding one row named "new".
    static func replace(_ path: String, by replacement: Replacement, journalMode: String, in directory: URL) throws {
        switch replacement {
        case .renamedOver:
            let new = directory.appendingPathComponent("new.sqlite").path
            try makeDatabase(at: new, journalMode: journalMode, name: "new")
            #expect(rename(new, path) == 0)
        case .deletedAndCreatedAgain:
            removeDatabase(at: path)
            try makeDatabase(at: path, journalMode: journalMode, name: "new")
        case .symbolicLinkRetargeted:
            // `ln -sfn`: a new link renamed over the old one.
            let target = directory.appendingPathComponent("b.sqlite").path
            try makeDatabase(at: target, journalMode: journalMode, name: "new")
            let temporary = directory.appendingPathComponent("link.tmp").path
            #expect(symlink(target, temporary) == 0)
            #expect(rename(temporary, path) == 0)
        }
    }

    /// Opens the database the test watches: `test.sqlite`, or a link to
    /// `a.sqlite` when the test retargets a link.
    static func openWatched(_ database: TestDatabase, replacement: Replacement?, journalMode: String,
                            pool: Bool) throws -> (writer: any DatabaseWriter, path: String) {
        var path = database.path
        if replacement == .symbolicLinkRetargeted {
            let target = database.directory.appendingPathComponent("a.sqlite").path
            try makeDatabase(at: target, journalMode: journalMode, name: "old")
            path = database.directory.appendingPathComponent("link.sqlite").path
            #expect(symlink(target, path) == 0)
        } else {
            try makeDatabase(at: path, journalMode: journalMode, name: "old")
        }
        var configuration = Database.Configuration()
        configuration.fileReplacementCheckInterval = .milliseconds(200)
        let writer: any DatabaseWriter = pool
            ? try DatabasePool(path: path, configuration: configuration)
            : try DatabaseQueue(path: path, configuration: configuration)
        return (writer, path)
    }

    /// Reads updates until the sequence ends; returns its error.
    static func failure(of controller: FetchedResultsController<Row>) async -> (any Error)? {
        do {
            for try await _ in controller.updates {}
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: Replacement.allCases, journalModes)
    func aReplacedFileFailsTheControllerOnAQueue(replacement: Replacement, journalMode: String) async throws {
        try await checkReplacement(replacement, journalMode: journalMode, pool: false)
    }

    @Test(arguments: Replacement.allCases, journalModes)
    func aReplacedFileFailsTheControllerOnAPool(replacement: Replacement, journalMode: String) async throws {
        try await checkReplacement(replacement, journalMode: journalMode, pool: true)
    }

    func checkReplacement(_ replacement: Replacement, journalMode: String, pool: Bool) async throws {
        try await TestDatabase.withTemporary { database in
            let (writer, path) = try Self.openWatched(database, replacement: replacement, journalMode: journalMode, pool: pool)
            defer { try? writer.close() }
            let controller = FetchedResultsController<Row>(
                database: writer, request: FetchRequest(sql: "SELECT id, name FROM item ORDER BY id"), queue: DispatchQueue(label: "d"))
            try await controller.performFetch()
            defer { controller.stopObserving() }
            #expect(try controller.fetchedObjects.map { $0["name"] } == [.text("old")])
            try Self.replace(path, by: replacement, journalMode: journalMode, in: database.directory)
            // A commit to the new file, as another process would make.
            let other = try Database(path: path)
            try other.execute(sql: "INSERT INTO item (name) VALUES ('newer')")
            try other.close()

            let error = try #require(await Self.failure(of: controller) as? FetchedResultsError)
            #expect(error.code == .databaseFileReplaced)
            #expect(error.fileReplacement?.code == .replaced)
            #expect(error.fileReplacement?.path == path)
            #expect("\(error)".contains(path))
            #expect("\(error)".contains("replaced"))
        }
    }

    /// A file deleted for good: the controller fails within the check
    /// interval, saying the file was deleted.
    @Test(arguments: journalModes, [false, true])
    func aDeletedFileFailsTheController(journalMode: String, pool: Bool) async throws {
        try await TestDatabase.withTemporary { database in
            let (writer, path) = try Self.openWatched(database, replacement: nil, journalMode: journalMode, pool: pool)
            defer { try? writer.close() }
            let controller = FetchedResultsController<Row>(
                database: writer, request: FetchRequest(sql: "SELECT id, name FROM item ORDER BY id"), queue: DispatchQueue(label: "d"))
            try await controller.performFetch()
            defer { controller.stopObserving() }
            Self.removeDatabase(at: path)
            let error = try #require(await Self.failure(of: controller) as? FetchedResultsError)
            #expect(error.fileReplacement?.code == .deleted)
            #expect("\(error)".contains("\(path) was deleted"))
        }
    }

    /// Writes, checkpoints and `VACUUM` keep the file where it is: no
    /// report, and the controller follows them.
    @Test(arguments: journalModes)
    func writesCheckpointsAndVacuumAreNotReplacements(journalMode: String) async throws {
        try await TestDatabase.withTemporary { database in
            let (writer, path) = try Self.openWatched(database, replacement: nil, journalMode: journalMode, pool: false)
            defer { try? writer.close() }
            let controller = FetchedResultsController<Row>(
                database: writer, request: FetchRequest(sql: "SELECT id, name FROM item ORDER BY id"), queue: DispatchQueue(label: "d"))
            try await controller.performFetch()
            defer { controller.stopObserving() }
            var updates = controller.updates.makeAsyncIterator()
            _ = try await updates.next()
            let other = try Database(path: path)
            try other.execute(sql: "INSERT INTO item (name) VALUES ('a')")
            if journalMode == "WAL" { try other.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            try other.execute(sql: "VACUUM")
            try other.execute(sql: "INSERT INTO item (name) VALUES ('b')")
            try other.close()
            // Past two check intervals, the list shows every row.
            var names: [DatabaseValue?] = []
            let deadline = Date().addingTimeInterval(20)
            while names.count < 3, Date() < deadline {
                names = try #require(try await updates.next()).snapshot.fetchedObjects.map { $0["name"] }
            }
            try await Task.sleep(for: .milliseconds(450))
            #expect(names == [.text("old"), .text("a"), .text("b")])
            try await writer.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('c')") }
            let last = try #require(try await updates.next())
            #expect(try last.snapshot.fetchedObjects.count == 4)
        }
    }

    /// A value observation ends with the error.
    @Test func aValueObservationEndsWithTheError() async throws {
        try await TestDatabase.withTemporary { database in
            let (writer, path) = try Self.openWatched(database, replacement: nil, journalMode: "WAL", pool: false)
            defer { try? writer.close() }
            var values = writer.observe { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") }.makeAsyncIterator()
            #expect(try await values.next() == 1)
            try Self.replace(path, by: .renamedOver, journalMode: "WAL", in: database.directory)
            await #expect(throws: DatabaseFileReplacedError.self) {
                while try await values.next() != nil {}
            }
        }
    }
}
