import Foundation
import Persistence
import PlumeSyncProtocol

/// One run of the engine: connect, bootstrap, push, pull, then stream and
/// push as changes come; reconnects after failures.
struct SyncSession: Sendable {
    let database: any DatabaseWriter
    let side: SyncDatabaseSide
    let transport: SyncTransport
    let hub: SyncStatusHub
    let localCommits: SyncWake

    /// The most changes a pull page carries.
    static let pageSize = 2_000
    /// The most changes a push carries.
    static let pushPageChanges = 20_000
    /// The largest push body, in bytes: a quarter of what the server
    /// accepts by default (16 MiB). A server that accepts less answers 413
    /// and gets pages half as large until they pass.
    static let pushPageBytes = 4 << 20
    /// The most rows a bootstrap page carries (servers cap it: 50,000 by
    /// default, fewer when the rows are large).
    static let bootstrapPageSize = 50_000

    /// Runs until cancelled: retries after the server failed or could not
    /// be reached (up to every 2 s), and now and then after it refused.
    func run() async {
        var delay: Duration = .milliseconds(50)
        while !Task.isCancelled {
            do {
                try await connected { delay = .milliseconds(50) }
            } catch is CancellationError {
                return
            } catch let error as SyncError where error.isPermanent {
                hub.set(.failed(reason: error.message))
                delay = .seconds(5)
            } catch {
                if Task.isCancelled { return }
                hub.set(.offline)
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(2))
        }
    }

    /// One connection: returns only by throwing.
    private func connected(onConnected: () -> Void) async throws {
        hub.set(.pulling)
        let schemas = side.tableNames.compactMap { side.tables[$0]?.schema }
        let hello = try await transport.connect(SyncConnectRequest(client: side.clientID, tables: schemas))
        onConnected()
        // Changes the server applied before an answer was lost.
        try await database.write { [side] db in
            try SyncLocalState.markAcknowledged(upTo: hello.acknowledged, db)
            if try SyncLocalState.serverSequence(db).map({ $0 < hello.floor - 1 }) ?? false {
                try side.restartBootstrap(db)
            }
        }
        try await bootstrap()
        if hello.canWrite { try await pushAll() }
        try await pullAll()
        try await reportSteady(canWrite: hello.canWrite)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await streamLoop(canWrite: hello.canWrite) }
            if hello.canWrite { group.addTask { try await pushLoop() } }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Gets the current rows of every table not bootstrapped yet. The
    /// next page is fetched while the last one is written.
    private func bootstrap() async throws {
        let pending = try await database.read { [side] db in try side.tablesToBootstrap(db) }
        for (name, replace) in pending {
            guard let table = side.tables[name] else { continue }
            hub.set(.pulling)
            var page = try await transport.bootstrap(table, after: nil, limit: Self.bootstrapPageSize)
            var first = true
            while true {
                let (current, isFirst, cursor) = (page, first, page.next)
                async let following = nextBootstrapPage(of: table, after: cursor)
                try await database.write { [side] db in try side.apply(current, of: table, first: isFirst, replace: replace, db) }
                guard let nextPage = try await following else { break }
                page = nextPage
                first = false
            }
        }
        // No table had rows to bootstrap from: start from the head.
        try await database.write { db in
            if try SyncLocalState.serverSequence(db) == nil {
                try SyncLocalState.setValue("server_sequence", .integer(0), db)
            }
        }
    }

    /// The page after `cursor`, nil when there is none.
    private func nextBootstrapPage(of table: SyncTable, after cursor: String?) async throws -> SyncBootstrapColumns? {
        guard let cursor else { return nil }
        return try await transport.bootstrap(table, after: cursor, limit: Self.bootstrapPageSize)
    }

    /// Pushes every queued local change, in pages of at most
    /// ``pushPageChanges`` changes and ``pushPageBytes`` bytes, with up to
    /// two pushes on their way (the server reads the next while it writes
    /// one; the second names the first's last change as the one it must
    /// follow). A server that accepts smaller bodies (413) gets pages half
    /// as large, down to one change; a single change it refuses fails the
    /// push.
    ///
    /// The history is read into the outbox a page's worth at a time
    /// while it holds only inserts and deletes
    /// (``SyncDatabaseSide/collect(_:limit:)``), and the next part is
    /// read while the pushes of the last ones are on their way.
    func pushAll() async throws {
        var collected = try await collectPart()
        var maximumChanges = Self.pushPageChanges, maximumBytes = Self.pushPageBytes
        var inFlight: [PushInFlight] = []
        defer { for push in inFlight { push.answer.cancel() } }
        while true {
            while inFlight.count < 2 {
                let (limit, previous) = (maximumChanges, inFlight.last?.page.lastSequence)
                let entries = try await database.read { db in
                    try SyncLocalState.outbox(after: try previous ?? SyncLocalState.acknowledgedSequence(db), limit: limit, db)
                }
                if entries.isEmpty, !collected {
                    collected = try await collectPart()
                    continue
                }
                guard !entries.isEmpty else { break }
                hub.set(.pushing)
                let page = SyncPushPage(client: side.clientID, after: previous, entries: entries, maximumBytes: maximumBytes)
                let transport = self.transport
                inFlight.append((page, Task { try await transport.push(json: page.json) }))
            }
            // One part while two pushes travel, then the oldest answer.
            if !collected { collected = try await collectPart() }
            guard !inFlight.isEmpty else { return }
            let (page, answer) = inFlight.removeFirst()
            switch try await answer.value {
            case .accepted(let response):
                try await database.write { [side] db in try side.recordPush(response, db) }
                // The server applied less than the page (the push it had
                // to follow had not arrived): the pushes after it start
                // again from what it acknowledged.
                if response.acknowledged < page.lastSequence { await abandon(&inFlight) }
            case .tooLarge(let message):
                guard page.count > 1 else {
                    throw SyncError(.badRequest, "change \(page.lastSequence) of table \(page.first?.table ?? "?") is larger than the server accepts: \(message)")
                }
                maximumChanges = page.count / 2
                maximumBytes = page.json.utf8.count / 2
                await abandon(&inFlight)
            }
        }
    }

    /// Reads the next part of the local history into the outbox; returns
    /// whether it was read to its end.
    private func collectPart() async throws -> Bool {
        try await database.write { [side] db in try side.collect(db, limit: Self.pushPageChanges).complete }
    }

    /// A push sent whose answer has not been read yet.
    private typealias PushInFlight = (page: SyncPushPage, answer: Task<SyncTransport.PushOutcome, any Error>)

    /// Cancels the pushes on their way and waits for them to end; what
    /// the server applied of them is acknowledged by a later push.
    private func abandon(_ inFlight: inout [PushInFlight]) async {
        for push in inFlight {
            push.answer.cancel()
            _ = try? await push.answer.value
        }
        inFlight.removeAll()
    }

    /// Pulls pages until the server has nothing more.
    private func pullAll() async throws {
        while true {
            let position = try await database.read { db in try SyncLocalState.serverSequence(db) ?? 0 }
            let page: SyncChangesResponse
            do {
                page = try await transport.changes(after: position, tables: side.tableNames, client: side.clientID, limit: Self.pageSize)
            } catch let error as SyncError where error.code == .logPruned {
                try await database.write { [side] db in try side.restartBootstrap(db) }
                try await bootstrap()
                continue
            }
            if !page.changes.isEmpty { hub.set(.pulling) }
            try await database.write { [side] db in try side.apply(page, db) }
            // A full page (own changes count) may have more after it.
            if page.count < Self.pageSize { return }
        }
    }

    /// Applies the live stream's pages.
    private func streamLoop(canWrite: Bool) async throws {
        let position = try await database.read { db in try SyncLocalState.serverSequence(db) ?? 0 }
        do {
            try await transport.stream(after: position, tables: side.tableNames, client: side.clientID, idleTimeout: .seconds(30)) { page in
                try await database.write { [side] db in try side.apply(page, db) }
                try await reportSteady(canWrite: canWrite)
            }
        } catch let error as SyncError where error.code == .logPruned {
            try await database.write { [side] db in try side.restartBootstrap(db) }
            throw SyncError(.unavailable, "the log was pruned past this client: bootstrapping again")
        }
    }

    /// Pushes local changes as they are committed.
    private func pushLoop() async throws {
        while !Task.isCancelled {
            _ = await localCommits.wait(timeout: .seconds(1))
            try Task.checkCancellation()
            try await pushAll()
            try await reportSteady(canWrite: true)
        }
    }

    /// Up to date when nothing is pending; otherwise pushing (or failed
    /// for a read-only token, which cannot push).
    private func reportSteady(canWrite: Bool) async throws {
        let (pending, position) = try await database.read { [side] db in
            (try side.pendingCount(db), try SyncLocalState.serverSequence(db) ?? 0)
        }
        if pending == 0 {
            hub.set(.upToDate(serverSequence: position))
        } else if !canWrite {
            hub.set(.failed(reason: "the token is read-only: \(pending) local changes cannot be pushed"))
        } else {
            hub.set(.pushing)
        }
    }

    /// The last push when stopping, for up to `timeout`.
    func finalPush(timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await pushAll() }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }
}
