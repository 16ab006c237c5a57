import AsyncHTTPClient
import PlumeTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import Persistence
@testable import PlumeSync
import PlumeSyncProtocol
import PlumeSyncServer
import Logging
import ServiceLifecycle
import Testing

/// The tokens every test server accepts.
enum TestTokens {
    static let full = "full-token-0123456789"
    static let readOnly = "read-only-token-0123456789"
    static let notesOnly = "notes-only-token-0123456789"
    static let file = """
        # the test servers' tokens
        \(full)
        \(readOnly) read-only
        \(notesOnly) tables=note
        """
}

/// A sync server instance running in this process, on a free port.
final class ServerInstance: Sendable {
    let port: Int
    let postgresURL: String
    /// The tokens file it reads (rewrite it to revoke a token).
    let tokensPath: String
    private let task: Task<Void, any Error>

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts an instance serving `postgresURL`.
    static func start(postgres postgresURL: String, tokens: String = TestTokens.file, port: Int = 0,
                      configure: (inout SyncServerConfiguration) -> Void = { _ in }) async throws -> ServerInstance {
        let tokensPath = NSTemporaryDirectory() + "plume-sync-tokens-\(UUID().uuidString)"
        try tokens.write(toFile: tokensPath, atomically: true, encoding: .utf8)
        var configuration = try SyncServerConfiguration(postgres: postgresURL, listen: "127.0.0.1:\(port)", tokensPath: tokensPath)
        configure(&configuration)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "plume.sync.test")
        logger.logLevel = ProcessInfo.processInfo.environment["PLUME_SYNC_TRACE"] == nil ? .warning : .debug
        let server = try SyncServer(configuration: configuration, logger: logger) { port in continuation.yield(port) }
        var groupConfiguration = ServiceGroupConfiguration(services: [server], logger: logger)
        // As `plume sync serve` does: a connection that outlives a graceful
        // shutdown is cut after a while.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(2)
        let group = ServiceGroup(configuration: groupConfiguration)
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        for await port in ports {
            return ServerInstance(port: port, postgresURL: postgresURL, tokensPath: tokensPath, group: group, task: task)
        }
        let error: (any Error)? = await {
            do { try await task.value; return nil } catch { return error }
        }()
        throw ProcessFailure(message: "the sync server did not start: \(error.map { "\($0)" } ?? "it stopped")")
    }

    private let group: ServiceGroup

    private init(port: Int, postgresURL: String, tokensPath: String, group: ServiceGroup, task: Task<Void, any Error>) {
        self.port = port
        self.postgresURL = postgresURL
        self.tokensPath = tokensPath
        self.group = group
        self.task = task
    }

    /// Stops the instance gracefully (its streams end, its requests under
    /// way finish) and waits until it stopped.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}

/// A client database in a temporary file, with the three synced tables
/// of the tests: a rowid table (`item`), a `WITHOUT ROWID` table with a
/// composite key (`pair`) and a rowid table with a text key (`note`).
final class ClientDatabase: Sendable {
    let path: String
    let queue: DatabaseQueue

    static let schema = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, price REAL, data BLOB);
        CREATE TABLE pair (a TEXT NOT NULL, b INTEGER NOT NULL, value, PRIMARY KEY (a, b)) WITHOUT ROWID;
        CREATE TABLE note (id TEXT PRIMARY KEY, title TEXT, body TEXT, rank INTEGER);
        """
    static let tables = ["item", "note", "pair"]

    init(schema: String = ClientDatabase.schema) throws {
        path = NSTemporaryDirectory() + "plume-sync-client-\(UUID().uuidString).sqlite"
        queue = try DatabaseQueue(path: path)
        try queue.writeAndWait { db in try db.execute(sql: schema) }
    }

    deinit {
        try? queue.close()
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    func engine(_ server: ServerInstance, token: String = TestTokens.full, tables: [String]? = ClientDatabase.tables) -> SyncEngine {
        engine(server.url, token: token, tables: tables)
    }

    func engine(_ server: URL, token: String = TestTokens.full, tables: [String]? = ClientDatabase.tables) -> SyncEngine {
        SyncEngine(database: queue, server: server, token: token, tables: tables)
    }

    func execute(_ sql: String, _ arguments: StatementArguments = StatementArguments()) throws {
        try queue.writeAndWait { db in try db.execute(sql: sql, arguments: arguments) }
    }

    /// Every row of the synced tables, by table, in key order, values
    /// compared bit for bit.
    func dump(_ tables: [String] = ClientDatabase.tables) throws -> [String: [[SyncValue]]] {
        try queue.readAndWait { db in
            var dump: [String: [[SyncValue]]] = [:]
            for table in tables {
                let order = table == "pair" ? "a, b" : "id"
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
                dump[table] = try Row.fetchAll(db, sql: "SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY \(order)").map { row in
                    row.values.map { value -> SyncValue in
                        switch value {
                        case .null: .null
                        case .integer(let v): .integer(v)
                        case .real(let v): .real(v)
                        case .text(let v): .text(v)
                        case .blob(let v): .blob(Array(v))
                        }
                    }
                }
            }
            return dump
        }
    }
}

/// Waits (up to a generous limit, polling) until `condition` holds.
func eventually(_ what: String, timeout: Duration = .seconds(60), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return }
        if ContinuousClock.now > deadline { throw ProcessFailure(message: "timed out waiting until \(what)") }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// The server's head: the newest server sequence number.
func serverHead(_ cluster: PostgresCluster, _ database: String) throws -> Int64 {
    Int64(try cluster.psql(database, "SELECT head FROM plume_sync_state")) ?? -1
}

/// Waits until every engine is up to date at the server's head, with
/// nothing pending; on timeout the error says where each engine stands.
func settle(_ engines: [SyncEngine], agents: [SyncAgent] = [], _ cluster: PostgresCluster, _ database: String, timeout: Duration = .seconds(60)) async throws {
    do {
        try await eventually("every client is up to date with the server", timeout: timeout) {
            let head = try serverHead(cluster, database)
            for engine in engines {
                guard case .upToDate(let sequence) = engine.currentStatus, sequence == head,
                      try await engine.pendingChanges == 0 else { return false }
            }
            for agent in agents where try !agent.isUpToDate(at: head) { return false }
            // Nothing was pushed meanwhile.
            return try serverHead(cluster, database) == head
        }
    } catch let failure as ProcessFailure {
        var states: [String] = []
        for (index, engine) in engines.enumerated() {
            states.append("client \(index): \(engine.currentStatus), \((try? await engine.pendingChanges).map(String.init) ?? "?") pending")
        }
        for (index, engine) in engines.enumerated() {
            let rows = try? await engine.database.read { db -> [String] in
                let history = try Row.fetchAll(db, sql: "SELECT seq, op, key, v1, v2, v3, v4, v5, v6 FROM plume_history WHERE tbl = 'pair' ORDER BY seq")
                let table = try Row.fetchAll(db, sql: "SELECT 'row', *, typeof(b) FROM pair")
                let state = try Row.fetchAll(db, sql: "SELECT * FROM plume_sync_state")
                return (history + table).map { "\($0)" } + [state.map { "\($0)" }.joined(separator: " ")]
            }
            trace("client \(index) pair history:\n" + (rows ?? []).joined(separator: "\n"))
        }
        for (index, agent) in agents.enumerated() {
            states.append("agent \(index): \((try? agent.isUpToDate(at: serverHead(cluster, database))).map { $0 ? "up to date" : "behind" } ?? "?"); \(agent.program.output.suffix(2_000))")
        }
        throw ProcessFailure(message: "\(failure.message) (server head \((try? serverHead(cluster, database)).map(String.init) ?? "?"); \(states.joined(separator: "; ")))")
    }
}

/// The server's current rows of `table` as canonical JSON texts of key
/// and values.
func serverRows(_ cluster: PostgresCluster, _ database: String, _ table: String) throws -> Set<String> {
    let output = try cluster.psql(database, "SELECT key || ' ' || vals FROM plume_sync_row WHERE tbl = '\(table)' AND vals IS NOT NULL")
    return Set(output.split(separator: "\n").map(String.init))
}

/// A client's rows of `table` in the same form as ``serverRows(_:_:_:)``.
func clientRows(_ client: ClientDatabase, _ table: String, key: [String]) throws -> Set<String> {
    try client.queue.readAndWait { db in
        let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
        return Set(try Row.fetchAll(db, sql: "SELECT \(columns.joined(separator: ", ")) FROM \(table)").map { row in
            var values: SyncRow = [:]
            for (index, column) in columns.enumerated() { values[column.lowercased()] = syncValue(row[index]) }
            return SyncJSON.keyText(key.map { values[$0] ?? .null }) + " " + SyncJSON.objectText(values)
        })
    }
}

func syncValue(_ value: DatabaseValue) -> SyncValue {
    switch value {
    case .null: .null
    case .integer(let v): .integer(v)
    case .real(let v): .real(v)
    case .text(let v): .text(v)
    case .blob(let v): .blob(Array(v))
    }
}

/// Runs `body` with a cluster, a fresh database on it and one server
/// instance, stopping them whatever happens.
func withSyncServer<T>(configure: (inout SyncServerConfiguration) -> Void = { _ in },
                       _ body: (PostgresCluster, String, ServerInstance) async throws -> T) async throws -> T {
    try await PostgresCluster.with { cluster in
        let database = "sync_\(UUID().uuidString.prefix(8).lowercased())"
        let url = try cluster.createDatabase(database)
        let server = try await ServerInstance.start(postgres: url, configure: configure)
        do {
            let result = try await body(cluster, database, server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}

/// Raw HTTP for the protocol tests: status and body text.
func request(_ method: String, _ url: URL, token: String?, body: Data? = nil) async throws -> (status: Int, body: String) {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.method = HTTPMethod(rawValue: method)
    if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
    if let body {
        request.body = .bytes(ByteBuffer(bytes: body))
        request.headers.add(name: "Content-Type", value: "application/json")
    }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    let bytes = try await response.body.collect(upTo: 64 << 20)
    return (Int(response.status.code), String(buffer: bytes))
}

/// The data of the first event of a raw stream that contains `marker`.
func firstEvent(_ url: URL, token: String, containing marker: String) async throws -> String {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.headers.add(name: "Authorization", value: "Bearer \(token)")
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    var parser = ServerSentEventParser()
    for try await chunk in response.body {
        for event in parser.feed(chunk.readableBytesView) where event.data.contains(marker) { return event.data }
    }
    return ""
}
