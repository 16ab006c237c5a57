import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// A live controller on a file database written by `sqlite3` processes,
/// for the change history's adversarial tests: every delivered state can
/// be checked against an invariant, and the list is compared with a fresh
/// fetch after each step.
final class HistoryScenario: Sendable {
    let writer: DatabaseQueue
    let path: String
    let request: FetchRequest
    let controller: FetchedResultsController<Row>
    let consumer: LiveConsumer
    /// The history problems observers were told of, newest last.
    let problems = Mutex<[ChangeHistoryError]>([])
    private let observation: DatabaseChangeObservation

    /// Opens `path` in `journalMode`, runs `schema`, and starts a
    /// controller on `request` whose every delivered list `invariant`
    /// checks (a message when broken).
    init(path: String, journalMode: Database.JournalMode = .wal, schema: String, request: FetchRequest,
         invariant: (@Sendable ([Row]) -> String?)? = nil) async throws {
        var configuration = Database.Configuration()
        configuration.journalMode = journalMode
        configuration.externalChangePollInterval = .milliseconds(10)
        configuration.busyTimeout = .seconds(10)
        writer = try DatabaseQueue(path: path, configuration: configuration)
        self.path = path
        self.request = request
        try await writer.write { db in try db.execute(sql: schema) }
        let problems = self.problems
        observation = writer.observeChanges { _, changes in
            if let problem = changes.historyProblem { problems.withLock { $0.append(problem) } }
        }
        controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "history-scenario"))
        try await controller.performFetch()
        consumer = LiveConsumer(invariant: invariant)
        await consumer.start(controller)
    }

    /// Runs a scenario in a fresh directory and stops everything after.
    static func run(
        journalMode: Database.JournalMode = .wal, schema: String, request: FetchRequest,
        invariant: (@Sendable ([Row]) -> String?)? = nil, _ body: (HistoryScenario) async throws -> Void
    ) async throws {
        try await TestDatabase.withTemporary { database in
            let scenario = try await HistoryScenario(path: database.path, journalMode: journalMode, schema: schema,
                                                     request: request, invariant: invariant)
            try await body(scenario)
            #expect(await scenario.consumer.problems == [])
            #expect(await scenario.consumer.failure == nil)
            await scenario.stop()
        }
    }

    func stop() async {
        await consumer.stop()
        controller.stopObserving()
        observation.cancel()
        try? writer.close()
    }

    /// Runs `sql` in a `sqlite3` process, as another program would.
    @discardableResult
    func shell(_ sql: String, allowFailure: Bool = false) throws -> String {
        let process = try Self.startShell(path, sql)
        let errors = String(decoding: (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if !allowFailure { #expect(process.terminationStatus == 0, "sqlite3 failed: \(errors) on \(sql)") }
        return errors
    }

    /// Starts a `sqlite3` process running `sql` (it waits up to 10 s for
    /// locks), without waiting for it.
    static func startShell(_ path: String, _ sql: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-cmd", ".timeout 10000", path]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
        return process
    }

    /// Whether the consumer's list reaches what a fresh fetch gives now.
    func converges() async throws -> Bool {
        try await LiveControllerTests.converges(consumer, request, writer)
    }

    var statistics: EngineStatistics { controller.engineStatistics ?? EngineStatistics() }
}
