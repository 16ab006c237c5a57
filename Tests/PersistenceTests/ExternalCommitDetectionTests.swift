import Foundation
import Testing
@testable import Persistence

/// Commits by other connections, noticed from file events (or polling where
/// forced), in WAL and rollback-journal modes.
@Suite struct ExternalCommitDetectionTests {
    enum Writer: String, CaseIterable { case sqliteShell, secondConnection }

    static let modes: [Database.JournalMode] = [.wal, .delete]

    @Test(arguments: modes, Writer.allCases)
    func externalCommitsAreSeenFromFileEvents(mode: Database.JournalMode, writer: Writer) async throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.journalMode = mode
        let queue = try DatabaseQueue(path: directory.path("db.sqlite"), configuration: configuration)
        try await queue.write { db in try makePhotoTable(db) }
        #expect(queue.observationCenter.detectionMode == nil, "nothing watches before the first observer")
        let received = Signal<Int>()
        let observation = queue.observeChanges { db, changes in
            guard changes.origin == .external else { return }
            received.send((try? Int.fetchOne(db, sql: "SELECT count(*) FROM photo")) ?? -1)
        }
        #expect(queue.observationCenter.detectionMode == .fileEvents)
        try Self.insertRow(named: "External", into: directory.path("db.sqlite"), by: writer)
        #expect(await received.next(seconds: 20) == 4)
        try Self.insertRow(named: "External again", into: directory.path("db.sqlite"), by: writer)
        #expect(await received.next(seconds: 20) == 5)
        observation.cancel()
        #expect(queue.observationCenter.detectionMode == nil, "the watcher is torn down with the last observer")
        try queue.close()
    }

    /// The file events of commits in quick succession come together: when
    /// the check they run finds the commits before the last, the last one
    /// (not yet visible then, and announced by no later event) is still
    /// seen.
    @Test(arguments: modes)
    func theLastOfABurstOfCommitsIsSeen(mode: Database.JournalMode) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var configuration = Database.Configuration()
        configuration.journalMode = mode
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try await queue.write { db in try makePhotoTable(db) }
        let counts = Signal<Int>()
        let observation = queue.observeCommits { db in
            counts.send((try? Int.fetchOne(db, sql: "SELECT count(*) FROM photo")) ?? -1)
        }
        let other = try DatabaseQueue(path: path, configuration: configuration)
        var expected = 3
        for burst in 0..<16 {
            for index in 0..<20 {
                try await other.write { db in
                    try db.execute(sql: "INSERT INTO photo (name) VALUES (?)", arguments: ["\(burst).\(index)"])
                }
            }
            expected += 20
            var seen = 0
            while seen != expected, let count = await counts.next(seconds: 5) { seen = count }
            #expect(seen == expected, "burst \(burst)")
        }
        observation.cancel()
        try other.close()
        try queue.close()
    }

    /// Linux allows 128 inotify instances per user: a process observing
    /// more databases than that still gets file events for each, on the
    /// process's one descriptor.
    @Test func moreObservedDatabasesThanInotifyInstancesAllGetFileEvents() async throws {
        let directory = try TemporaryDirectory()
        var queues: [DatabaseQueue] = []
        var observations: [AnyDatabaseCancellable] = []
        let received = Signal<Int>()
        for index in 0..<150 {
            let queue = try DatabaseQueue(path: directory.path("db\(index).sqlite"))
            try await queue.write { db in try makePhotoTable(db) }
            observations.append(queue.observeChanges { db, changes in
                guard changes.origin == .external else { return }
                received.send(index)
            })
            #expect(queue.observationCenter.detectionMode == .fileEvents, "database \(index)")
            queues.append(queue)
        }
        #if os(Linux)
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == "anon_inode:inotify"
        }
        #expect(descriptors.count <= 1)
        #endif
        try Self.insertRow(named: "External", into: directory.path("db149.sqlite"), by: .sqliteShell)
        #expect(await received.next(seconds: 20) == 149)
        for observation in observations { observation.cancel() }
        for queue in queues { try queue.close() }
    }

    @Test func pollingIsTheFallbackWithoutFileEvents() async throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.usesFileEvents = false
        configuration.externalChangePollInterval = .milliseconds(10)
        let queue = try DatabaseQueue(path: directory.path("db.sqlite"), configuration: configuration)
        try await queue.write { db in try makePhotoTable(db) }
        let received = Signal<DatabaseChanges>()
        let observation = queue.observeChanges { _, changes in received.send(changes) }
        #expect(queue.observationCenter.detectionMode == .polling)
        try Self.insertRow(named: "Polled", into: directory.path("db.sqlite"), by: .secondConnection)
        #expect(await received.next(seconds: 20)?.origin == .external)
        observation.cancel()
        #expect(queue.observationCenter.detectionMode == nil)
        try queue.close()
    }

    @Test func aPrivateInMemoryDatabaseIsNotWatched() async throws {
        let queue = try DatabaseQueue()
        let observation = queue.observeChanges { _, _ in }
        #expect(queue.observationCenter.detectionMode == nil)
        observation.cancel()
        try queue.close()
    }

    /// Inserts a photo from another connection: the `sqlite3` shell (another
    /// process) or a second Plume connection of this process.
    static func insertRow(named name: String, into path: String, by writer: Writer) throws {
        let sql = "INSERT INTO photo (name) VALUES ('\(name)')"
        switch writer {
        case .secondConnection:
            var configuration = Database.Configuration()
            configuration.journalMode = .default
            try withDatabase(.file(path), configuration: configuration) { db in try db.execute(sql: sql) }
        case .sqliteShell:
            try runSQLiteShell(path, sql)
        }
    }
}

/// Runs one statement in the `sqlite3` shell and checks it succeeded.
func runSQLiteShell(_ path: String, _ sql: String) throws {
    _ = try runSQLiteShell(path, sql, allowFailure: false)
}

/// Runs `sql` with the `sqlite3` shell as another process would, and
/// returns what it printed on standard error.
@discardableResult
func runSQLiteShell(_ path: String, _ sql: String, allowFailure: Bool) throws -> String {
    let shell = "/usr/bin/sqlite3"
    try #require(FileManager.default.isExecutableFile(atPath: shell), "the sqlite3 shell is needed")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = ["-cmd", ".timeout 5000", path, sql]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if !allowFailure { #expect(process.terminationStatus == 0, "sqlite3 \(path) \(sql): \(message)") }
    return message
}
