import Foundation
import Persistence
import PlumeSyncProtocol

/// The engine's bookkeeping inside the synced database, so that it
/// survives restarts and is read by `plume sync status`:
///
/// - `plume_sync_state(key, value)`: `client_id`, `server_sequence` (the
///   server's changes applied up to here; absent before the first
///   bootstrap), `history_token` (the change history read up to here),
///   `next_client_sequence`, `acknowledged_client_sequence` (the server
///   applied every local change up to it);
/// - `plume_sync_outbox(seq, tbl, op, key, vals)`: local changes the
///   client has not pulled past yet, `seq` being the client sequence
///   number: those after `acknowledged_client_sequence` are pending, the
///   others are applied on the server, and kept until the client's pulls
///   pass them (a pulled page names them without their contents);
/// - `plume_sync_table(name, bootstrapped)`: the tables synced so far.
enum SyncLocalState {
    static let createTables = """
        CREATE TABLE IF NOT EXISTS main.plume_sync_state (key TEXT PRIMARY KEY, value);
        CREATE TABLE IF NOT EXISTS main.plume_sync_outbox (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, op TEXT NOT NULL, key TEXT NOT NULL, vals TEXT);
        CREATE INDEX IF NOT EXISTS main.plume_sync_outbox_row ON plume_sync_outbox (tbl, key);
        CREATE TABLE IF NOT EXISTS main.plume_sync_table (name TEXT PRIMARY KEY, bootstrapped INTEGER NOT NULL DEFAULT 0);
        """

    static func value(_ key: String, _ db: Database) throws -> DatabaseValue? {
        try Row.fetchOne(db, sql: "SELECT value FROM main.plume_sync_state WHERE key = ?", arguments: [key]).map { $0[0] }
    }

    static func setValue(_ key: String, _ value: DatabaseValue, _ db: Database) throws {
        try db.execute(sql: "INSERT INTO main.plume_sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                       arguments: StatementArguments(positional: [.text(key), value]))
    }

    static func integer(_ key: String, _ db: Database) throws -> Int64? {
        guard let value = try value(key, db) else { return nil }
        guard case .integer(let integer) = value else {
            throw SyncError(.stateDamaged, "plume_sync_state.\(key) is \(value), not an integer: the sync state was edited by hand")
        }
        return integer
    }

    /// The client identifier, made on first use.
    static func clientID(_ db: Database) throws -> String {
        if case .text(let id)? = try value("client_id", db) { return id }
        let id = UUID().uuidString.lowercased()
        try setValue("client_id", .text(id), db)
        return id
    }

    /// The server sequence number reached, nil before the first bootstrap.
    static func serverSequence(_ db: Database) throws -> Int64? {
        try integer("server_sequence", db)
    }

    /// How many local changes wait for the server's acknowledgement.
    static func pendingOutboxCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM main.plume_sync_outbox WHERE seq > ?", arguments: [try acknowledgedSequence(db)]) ?? 0
    }

    /// The client sequence number up to which the server applied every
    /// local change (0 before the first acknowledgement).
    static func acknowledgedSequence(_ db: Database) throws -> Int64 {
        try integer("acknowledged_client_sequence", db) ?? 0
    }

    /// Appends local changes to the outbox with the next client sequence
    /// numbers, binding each change's columns to one statement.
    static func enqueue(_ changes: [OutboxChange], _ db: Database) throws {
        guard !changes.isEmpty else { return }
        var next = try integer("next_client_sequence", db) ?? 1
        let statement = try db.cachedStatement(sql: "INSERT INTO main.plume_sync_outbox (seq, tbl, op, key, vals) VALUES (?, ?, ?, ?, ?)")
        for change in changes {
            try statement.bind(next, at: 1)
            try statement.bind(change.table, at: 2)
            try statement.bind(change.operation.rawValue, at: 3)
            try statement.bind(change.keyJSON, at: 4)
            try statement.bind(change.valuesJSON.map(DatabaseValue.text) ?? .null, at: 5)
            try statement.run()
            next += 1
        }
        try setValue("next_client_sequence", .integer(next), db)
    }

    /// Outbox entries after `sequence`, at most `limit`, oldest first.
    static func outbox(after sequence: Int64, limit: Int, _ db: Database) throws -> [OutboxEntry] {
        try Row.fetchAll(db, sql: "SELECT seq, tbl, op, key, vals FROM main.plume_sync_outbox WHERE seq > ? ORDER BY seq LIMIT ?",
                         arguments: [sequence, limit]).map(OutboxEntry.init)
    }

    /// Outbox entries from client sequence number `first` through `last`,
    /// oldest first.
    static func outbox(from first: Int64, through last: Int64, _ db: Database) throws -> [OutboxEntry] {
        try Row.fetchAll(db, sql: "SELECT seq, tbl, op, key, vals FROM main.plume_sync_outbox WHERE seq BETWEEN ? AND ? ORDER BY seq",
                         arguments: [first, last]).map(OutboxEntry.init)
    }

    /// Whether the outbox holds any entry, pending or not pulled past yet.
    static func hasOutbox(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM main.plume_sync_outbox)") == true
    }

    /// The outbox entries after client sequence number `sequence` of the
    /// rows `touched` names (and of every row of `wholeTable`, when
    /// given), oldest first. Reads nothing when the outbox is empty;
    /// otherwise looks each row up in the outbox's (table, key) index, so
    /// that applying a page costs the page's rows, not the outbox's.
    static func outbox(after sequence: Int64, touching touched: Set<RowReference>, wholeTable: String?, _ db: Database) throws -> [OutboxEntry] {
        guard try hasOutbox(db) else { return [] }
        var entries: [Int64: OutboxEntry] = [:]
        if let wholeTable {
            for row in try Row.fetchAll(db, sql: "SELECT seq, tbl, op, key, vals FROM main.plume_sync_outbox WHERE tbl = ? AND seq > ?", arguments: [wholeTable, sequence]) {
                let entry = try OutboxEntry(row: row)
                entries[entry.sequence] = entry
            }
        }
        for reference in touched where reference.table != wholeTable {
            for row in try Row.fetchAll(db, sql: "SELECT seq, tbl, op, key, vals FROM main.plume_sync_outbox WHERE tbl = ? AND key = ? AND seq > ?",
                                        arguments: [reference.table, reference.key, sequence]) {
                let entry = try OutboxEntry(row: row)
                entries[entry.sequence] = entry
            }
        }
        return entries.values.sorted { $0.sequence < $1.sequence }
    }

    /// Records that the server applied every local change up to client
    /// sequence number `sequence`: they are no longer pending (never
    /// pushed again), and stay in the outbox until pulled past.
    static func markAcknowledged(upTo sequence: Int64, _ db: Database) throws {
        guard sequence > (try acknowledgedSequence(db)) else { return }
        try setValue("acknowledged_client_sequence", .integer(sequence), db)
    }

    /// Removes the entries up to client sequence number `sequence`, which
    /// the client pulled past (and marks them acknowledged).
    static func forget(upTo sequence: Int64, _ db: Database) throws {
        try markAcknowledged(upTo: sequence, db)
        try db.execute(sql: "DELETE FROM main.plume_sync_outbox WHERE seq <= ?", arguments: [sequence])
    }
}

/// A local change, read from the change history.
struct LocalChange {
    var table: String
    var operation: SyncOperation
    var key: [DatabaseValue]
    var values: [String: DatabaseValue]?
}

/// One outbox row: a local change with its client sequence number, its
/// key and values as the protocol's JSON.
struct OutboxEntry: Sendable {
    var sequence: Int64
    var table: String
    var operation: SyncOperation
    var keyJSON: String
    var valuesJSON: String?

    init(sequence: Int64, table: String, operation: SyncOperation, keyJSON: String, valuesJSON: String?) {
        self.sequence = sequence
        self.table = table
        self.operation = operation
        self.keyJSON = keyJSON
        self.valuesJSON = valuesJSON
    }

    init(row: Row) throws {
        guard case .integer(let sequence) = row[0], case .text(let table) = row[1], case .text(let op) = row[2],
              let operation = SyncOperation(rawValue: op), case .text(let key) = row[3] else {
            throw SyncError(.stateDamaged, "plume_sync_outbox holds a row the engine never writes: \(row)")
        }
        self.sequence = sequence
        self.table = table
        self.operation = operation
        keyJSON = key
        if case .text(let values) = row[4] { valuesJSON = values } else { valuesJSON = nil }
    }

    /// The entry as a push's change, in JSON.
    func appendJSON(to out: inout String) {
        out += "{\"seq\":\(sequence),\"table\":"
        SyncJSON.appendString(table, to: &out)
        out += ",\"op\":\"\(operation.rawValue)\",\"key\":\(keyJSON)"
        if let valuesJSON { out += ",\"values\":\(valuesJSON)" }
        out += "}"
    }
}
