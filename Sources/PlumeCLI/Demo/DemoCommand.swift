import ArgumentParser
import Foundation
import Persistence
import PlumeTerminal

/// `plume demo`: a live list of photos grouped by album, changing under
/// writes from Plume and from another process.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Watch a fetched results controller keep a list of photos up to date.",
        discussion: """
            Creates a fresh demo database (users, albums, photos) from the bundled migrations, \
            fills it with sample photos, and shows them grouped by album in a live list. Then it \
            plays a scene of writes — from plume itself and from a second process (the sqlite3 \
            shell) — inserting, deleting, re-rating (rows move), renaming, emptying an album (its \
            section vanishes) and creating one (a section appears). Each change set is shown as it \
            arrives (arrows and Page Up/Down scroll, q quits); when the output is not a terminal, \
            as readable lines. It always ends with a summary and exit status 0.

            Examples:
              plume demo
              plume demo --photos 20000 --pace 300
              plume demo --database demo.sqlite | less
            """)

    @Option(help: ArgumentHelp("Where to create the demo database; it must not exist yet. A temporary file by default.",
                               valueName: "path"))
    var database: String?

    @Option(help: "How many photos to generate.")
    var photos = 3_000

    @Option(help: ArgumentHelp("Milliseconds between steps (default: 1500 on a terminal, 0 otherwise).", valueName: "ms"))
    var pace: Int?

    @Option(help: "The seed of the sample data.")
    var seed: UInt64 = 2_013

    @Option(help: .hidden)
    var execute: String?

    func validate() throws {
        guard photos >= 0 else { throw ValidationError("--photos must be 0 or more, not \(photos).") }
        guard (pace ?? 0) >= 0 else { throw ValidationError("--pace must be 0 or more milliseconds.") }
        if execute != nil, database == nil { throw ValidationError("--execute needs --database.") }
    }

    func run() throws {
        if let execute, let database {
            // The demo's second process, when there is no sqlite3 shell.
            try reportingErrors {
                let queue = try DatabaseQueue(path: database)
                try queue.writeWithoutTransactionAndWait { db in try db.execute(sql: execute) }
                try queue.close()
            }
            return
        }
        var stats = DemoStats()
        let (queue, location, temporaryDirectory) = try reportingErrors { try prepare(&stats) }
        stats.database = temporaryDirectory == nil ? location : "\(location) (temporary, removed)"
        let pace = Duration.milliseconds(self.pace ?? (StandardStreams.outputIsTerminal ? 1_500 : 0))
        let initialStats = stats
        MainActor.assumeIsolated {
            let runner = DemoRunner(database: queue, path: location, pace: pace, stats: initialStats)
            WatchLifetime.keep(runner)
            let stop: @MainActor @Sendable () -> Void = {
                runner.interrupt()
                Self.end(runner.stats, queue: queue, temporaryDirectory: temporaryDirectory)
            }
            runner.onQuit = stop
            WatchLifetime.keep(SignalTrap { _ in MainActor.assumeIsolated { stop() } })
            Task {
                do {
                    try await runner.run()
                } catch {
                    runner.interrupt()
                    StandardStreams.printError("error: \(error)")
                }
                Self.end(runner.stats, queue: queue, temporaryDirectory: temporaryDirectory)
            }
        }
        dispatchMain()
    }

    /// Prints the summary, removes a temporary database and exits with
    /// status 0.
    @MainActor
    private static func end(_ stats: DemoStats, queue: DatabaseQueue, temporaryDirectory: URL?) -> Never {
        for line in stats.summary { StandardStreams.printLineIfOpen(line) }
        try? queue.close()
        if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
        Foundation.exit(0)
    }

    /// Creates, migrates and fills the database.
    private func prepare(_ stats: inout DemoStats) throws -> (DatabaseQueue, String, URL?) {
        var temporaryDirectory: URL?
        let path: String
        if let database {
            guard !FileManager.default.fileExists(atPath: database) else {
                throw WatchError("\(database) already exists: plume demo creates a fresh database; choose another path")
            }
            path = database
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-demo-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            temporaryDirectory = directory
            path = directory.appendingPathComponent("demo.sqlite").path
        }
        var start = ContinuousClock.now
        let queue = try DatabaseQueue(path: path)
        _ = try DemoLibrary.migrate(queue)
        stats.setupMilliseconds = DemoRunner.milliseconds(since: start)
        start = ContinuousClock.now
        try DemoLibrary.generate(queue, photos: photos, seed: seed)
        stats.generateMilliseconds = DemoRunner.milliseconds(since: start)
        stats.photos = photos
        return (queue, path, temporaryDirectory)
    }

    /// Runs `body`; prints its error and exits with status 1 when it throws.
    private func reportingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            StandardStreams.printError("error: \(error)")
            throw ExitCode.failure
        }
    }
}
