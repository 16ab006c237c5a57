import FetchedResults
import FetchedResultsDataSourceCore
import FetchedResultsTerminal
import Foundation
import Persistence
import PlumeTerminal

/// Plays the demo: a controller grouped by album and a data source on the
/// terminal list, then the scripted scene, one change set per step.
@MainActor
final class DemoRunner {
    private let database: DatabaseQueue
    private let writer: DemoWriter
    private let pace: Duration
    private let controller: FetchedResultsController<DemoPhoto>
    private let dataSource: FetchedResultsDataSource<DemoPhoto, TerminalCell>
    private var list: LiveList?
    private(set) var stats: DemoStats
    private var updates = 0
    private var lastUpdate = ContinuousClock.now
    private var waiter: (updates: Int, continuation: CheckedContinuation<Bool, Never>)?
    /// Called when the user types `q` in the terminal table.
    var onQuit: (() -> Void)?

    init(database: DatabaseQueue, path: String, pace: Duration, stats: DemoStats) {
        self.database = database
        self.writer = DemoWriter.find(database: path)
        self.pace = pace
        self.stats = stats
        self.stats.secondProcess = writer.description
        controller = FetchedResultsController(database: database, request: FetchRequest(sql: DemoLibrary.query, sectionColumn: "album"))
        dataSource = FetchedResultsDataSource(controller: controller, cellIdentifier: { $0.rating == 5 ? "Favorite" : "Photo" }) { cell, photo in
            cell.columns = photo.columns
        }
    }

    /// Runs the scene to its end.
    ///
    /// - Throws: What the first fetch throws.
    func run() async throws {
        let start = ContinuousClock.now
        try await dataSource.performFetch()
        stats.fetchMilliseconds = Self.milliseconds(since: start)
        stats.initialRows = dataSource.snapshot.count
        stats.initialSections = dataSource.numberOfSections
        dataSource.onUpdate { [unowned self] update in self.received(update) }
        let list = LiveList(title: "plume demo", dataSource: dataSource)
        list.onQuit = { [unowned self] in self.onQuit?() }
        self.list = list
        dataSource.consumer = list.consumer
        if !list.isTerminal {
            StandardStreams.printLineIfOpen("plume demo: \(stats.initialRows) photos in \(stats.initialSections) albums; the scene begins")
        }
        for (index, step) in DemoScene.steps.enumerated() {
            try? await Task.sleep(for: pace)
            let caption = "step \(index + 1)/\(DemoScene.steps.count), \(step.writer): \(step.caption)"
            if list.isTerminal { list.setTitle("plume demo · \(caption)") } else { StandardStreams.printLineIfOpen("▶ \(caption)") }
            await play(step, caption: caption)
        }
        try? await Task.sleep(for: pace)
        try await finish()
    }

    /// Ends early (SIGINT, SIGTERM): the terminal comes back.
    func interrupt() {
        stats.interrupted = true
        list?.end()
    }

    private func play(_ step: DemoStep, caption: String) async {
        let before = updates
        let started = ContinuousClock.now
        do {
            switch step.writer {
            case .plume:
                let sql = step.sql
                try await database.write { db in try db.execute(sql: sql) }
            case .otherProcess:
                let writer = self.writer, sql = step.sql
                try await Task.detached { try writer.run(sql) }.value
            }
        } catch {
            stats.missedSteps.append("\(caption) (\(error))")
            return
        }
        // From the commit for the other process; from the start of the
        // write for Plume's own, whose change set may arrive before the
        // write call returns.
        let committed = step.writer == .plume ? started : ContinuousClock.now
        stats.steps += 1
        if await waitForUpdate(after: before) {
            stats.latencies.append((step.writer, Self.milliseconds(since: committed, until: lastUpdate)))
        } else {
            stats.missedSteps.append(caption)
        }
    }

    private func received(_ update: FetchedResultsUpdate<DemoPhoto>) {
        guard !update.isInitial else { return }
        updates += 1
        lastUpdate = .now
        stats.record(update.changes)
        if let waiter, updates > waiter.updates {
            self.waiter = nil
            waiter.continuation.resume(returning: true)
        }
    }

    /// Waits until an update beyond `count` is applied, for 10 s at most.
    private func waitForUpdate(after count: Int) async -> Bool {
        if updates > count { return true }
        return await withCheckedContinuation { continuation in
            waiter = (count, continuation)
            Task {
                try? await Task.sleep(for: .seconds(10))
                if let waiter = self.waiter, waiter.updates == count {
                    self.waiter = nil
                    waiter.continuation.resume(returning: false)
                }
            }
        }
    }

    private func finish() async throws {
        let fresh = try await database.read { db in try DemoPhoto.fetchAll(db, sql: DemoLibrary.query) }
        let shown = try dataSource.snapshot.fetchedObjects
        stats.matchesFreshQuery = shown.map(\.id) == fresh.map(\.id) && shown.map(\.columns) == fresh.map(\.columns)
            && shown.map(\.album) == fresh.map(\.album)
        stats.finalRows = dataSource.snapshot.count
        stats.finalSections = dataSource.numberOfSections
        dataSource.stop()
        controller.stopObserving()
        list?.end()
    }

    nonisolated static func milliseconds(since start: ContinuousClock.Instant, until end: ContinuousClock.Instant = .now) -> Double {
        let elapsed = end - start
        return Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
