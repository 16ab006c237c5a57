import Persistence
import PlumeSyncProtocol

/// What the engine does inside the synced database, each call within the
/// caller's write transaction: prepare, read local changes into the
/// outbox, apply the server's pages.
///
/// Changes the engine writes itself (pulled changes, bootstrap rows,
/// pending changes re-applied) are recorded by the change history like
/// any write; the engine reads the local history up to the start of each
/// of its transactions first, and moves its history position past its own
/// writes at the end, so they are never pushed back.
struct SyncDatabaseSide: Sendable {
    let tables: [String: SyncTable]
    let clientID: String
    /// The schema version at which the history last passed its coverage
    /// check (its triggers cover the tables): while the schema and the
    /// history's position are unchanged, there is nothing to collect.
    let coverageChecked = SyncMutex<Int64?>(nil)

    /// The synced tables' names, sorted.
    var tableNames: [String] { tables.keys.sorted() }

    /// Creates the engine's tables, enables the change history with values
    /// on `requested` tables, reads the synced tables, and queues every row
    /// of a table synced for the first time as an insert.
    ///
    /// - Parameter requested: The tables to sync; nil for every table
    ///   whose change history records values.
    /// - Throws: ``SyncError`` (``SyncError/Code/tableNotSyncable``) for a
    ///   table without primary key, or when there is no table to sync.
    static func prepare(requested: [String]?, _ db: Database) throws -> SyncDatabaseSide {
        try db.execute(sql: SyncLocalState.createTables)
        if let requested, !requested.isEmpty {
            for name in requested where name.syncNameKey.hasPrefix("plume_") {
                throw SyncError(.tableNotSyncable, "\(name) is one of Plume's own tables")
            }
            // Refuses a table without primary key before touching anything.
            for name in requested { _ = try SyncTable(name, db) }
            try db.enableChangeHistory(for: requested, values: true)
        }
        let names = try requested?.map(\.syncNameKey) ?? recordedTablesWithValues(db)
        guard !names.isEmpty else {
            throw SyncError(.tableNotSyncable, "no table to sync: name the tables, or enable their change history with values first (plume history enable --values)")
        }
        var tables: [String: SyncTable] = [:]
        for name in names {
            let table = try SyncTable(name, db)
            tables[table.name] = table
        }
        let side = SyncDatabaseSide(tables: tables, clientID: try SyncLocalState.clientID(db))
        try side.adoptNewTables(db)
        return side
    }

    /// The tables the change history records with values (Plume's own
    /// excluded).
    private static func recordedTablesWithValues(_ db: Database) throws -> [String] {
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM main.sqlite_master WHERE type = 'table' AND name = 'plume_history_table'") == 1,
              try Int.fetchOne(db, sql: "SELECT count(*) FROM pragma_table_info('plume_history_table', 'main') WHERE name = 'layout'") == 1 else {
            return []
        }
        return try String.fetchAll(db, sql: "SELECT name FROM main.plume_history_table WHERE layout IS NOT NULL ORDER BY name")
            .filter { !$0.hasPrefix("plume_") }
    }

    /// Queues the rows of tables synced for the first time, after reading
    /// the history of the others.
    private func adoptNewTables(_ db: Database) throws {
        let known = Set(try String.fetchAll(db, sql: "SELECT name FROM main.plume_sync_table"))
        let new = tableNames.filter { !known.contains($0) }
        guard !new.isEmpty else { return }
        let oldTables = tables.filter { known.contains($0.key) }
        if !oldTables.isEmpty {
            try SyncDatabaseSide(tables: oldTables, clientID: clientID).collect(db)
        }
        let collector = LocalChangeCollector(tables: tables)
        for name in new {
            guard let table = tables[name] else { continue }
            try SyncLocalState.enqueue(try collector.snapshot(table, db), db)
            try db.execute(sql: "INSERT INTO main.plume_sync_table (name, bootstrapped) VALUES (?, 0)", arguments: [name])
        }
        try markHistoryRead(db)
    }

    /// Reads the local changes recorded since the last call into the
    /// outbox; returns how many were queued. Writes nothing when nothing
    /// was recorded.
    @discardableResult
    func collect(_ db: Database) throws -> Int {
        try collect(db, limit: nil).queued
    }

    /// Reads the local changes recorded since the last call into the
    /// outbox, a part at a time: at most `limit` history entries when they
    /// are all inserts and deletes (each change is then its entry's own
    /// row), every entry recorded otherwise (an update's row is worked out
    /// back from the row as it is now, which later entries may have
    /// changed). `complete` tells whether the history was read to its end.
    func collect(_ db: Database, limit: Int?) throws -> (queued: Int, complete: Bool) {
        let token: ChangeHistoryToken?
        if case .text(let text)? = try SyncLocalState.value("history_token", db) {
            token = ChangeHistoryToken(text)
        } else {
            token = nil
        }
        guard let token else {
            throw SyncError(.stateDamaged, "plume_sync_state has no history position: the sync state was edited by hand")
        }
        // Most calls find nothing new (the engine's own commits, a pull of
        // changes): two reads instead of the history's full check, as long
        // as no schema change could have removed a trigger meanwhile.
        let schemaVersion = try Int64.fetchOne(db, sql: "PRAGMA main.schema_version")
        if let schemaVersion, coverageChecked.withLock({ $0 == schemaVersion }), try db.currentChangeHistoryToken() == token {
            return (0, true)
        }
        var entries: [ChangeHistoryEntry]
        var readUpTo: ChangeHistoryToken
        var complete = limit == nil
        do {
            let part = try db.changeHistory(since: token, limit: limit)
            (entries, readUpTo) = (part.entries, part.token)
            if let limit {
                complete = entries.count < limit
                if !complete, entries.contains(where: { !$0.operation.standsAlone && tables[$0.table] != nil }) {
                    // The rest, after the part already read.
                    let rest = try db.changeHistory(since: readUpTo)
                    entries += rest.entries
                    readUpTo = rest.token
                    complete = true
                }
            }
        } catch let error as ChangeHistoryError where error.code == .tokenPruned || error.code == .tokenFromAnotherDatabase {
            // The history was pruned past, or enabled anew: what changed
            // meanwhile is unknown, every row is sent again.
            let collector = LocalChangeCollector(tables: tables)
            for table in tables.values.sorted(by: { $0.name < $1.name }) {
                try SyncLocalState.enqueue(try collector.snapshot(table, db), db)
            }
            try markHistoryRead(db)
            return (try SyncLocalState.pendingOutboxCount(db), true)
        }
        coverageChecked.withLock { $0 = schemaVersion }
        guard !entries.isEmpty else { return (0, complete) }
        let collector = LocalChangeCollector(tables: tables)
        var changes = try collector.outboxChanges(of: entries, db)
        // A table another writer wrote in bulk (its rows unrecorded) is
        // sent whole, as it is now, after the changes recorded with it.
        let bulkTables = Set(entries.filter { $0.operation == .bulk }.map(\.table))
        for name in bulkTables.sorted() {
            if let table = tables[name] { changes += try collector.snapshot(table, db) }
        }
        try SyncLocalState.enqueue(changes, db)
        try SyncLocalState.setValue("history_token", .text(readUpTo.description), db)
        return (changes.count, complete)
    }

    /// Moves the history position to the newest change (past the engine's
    /// own writes).
    func markHistoryRead(_ db: Database) throws {
        try SyncLocalState.setValue("history_token", .text(try db.currentChangeHistoryToken().description), db)
    }

    /// Applies a page of the server's changes and the outbox's changes of
    /// the rows it touched; records the server position.
    ///
    /// The page's changes the client has moved past (a push's answer moved
    /// it over its own changes) are skipped. This client's own changes in
    /// the page are applied on the server (with every earlier one of its):
    /// once pulled past, they leave the outbox, and the rest of the
    /// outbox is applied again on top of the page's changes.
    func apply(_ page: SyncChangesResponse, _ db: Database) throws {
        try collect(db)
        let position = try SyncLocalState.serverSequence(db) ?? 0
        let applier = RemoteChangeApplier(tables: tables)
        let outboxed = try SyncLocalState.hasOutbox(db)
        let (touched, lastOwn) = try applier.apply(page, after: position, trackingRows: outboxed || !page.own.isEmpty, db)
        if let lastOwn { try SyncLocalState.forget(upTo: lastOwn, db) }
        if outboxed { try applier.reapplyOutbox(after: lastOwn ?? 0, touching: touched, db) }
        try SyncLocalState.setValue("server_sequence", .integer(max(page.head, position)), db)
        try markHistoryRead(db)
    }

    /// Records a push's answer: the changes it acknowledged are no longer
    /// pending. When the client had pulled exactly up to where the push's
    /// changes were appended (``SyncPushResponse/base``), nothing else
    /// came between: the client has then pulled up to the push's head,
    /// and forgets the acknowledged changes.
    func recordPush(_ response: SyncPushResponse, _ db: Database) throws {
        try SyncLocalState.markAcknowledged(upTo: response.acknowledged, db)
        if let base = response.base, try SyncLocalState.serverSequence(db) == base {
            try SyncLocalState.forget(upTo: response.acknowledged, db)
            try SyncLocalState.setValue("server_sequence", .integer(response.head), db)
        }
    }

    /// The tables still to bootstrap, and whether each must first drop
    /// its rows (the log was pruned past this client: rows deleted on the
    /// server meanwhile are unknown).
    func tablesToBootstrap(_ db: Database) throws -> [(name: String, replace: Bool)] {
        try Row.fetchAll(db, sql: "SELECT name, bootstrapped FROM main.plume_sync_table WHERE bootstrapped <> 1 ORDER BY name").compactMap { row in
            guard case .text(let name) = row[0], tables[name] != nil else { return nil }
            return (name, row[1] == .integer(2))
        }
    }

    /// Applies a bootstrap page of `table`'s current rows.
    ///
    /// - Parameters:
    ///   - first: Whether it is the first page (its head is where the
    ///     client pulls from, unless it pulled from earlier already).
    ///   - replace: Whether the table's rows are dropped first (pending
    ///     local changes are applied again on top).
    func apply(_ page: SyncBootstrapColumns, of table: SyncTable, first: Bool, replace: Bool, _ db: Database) throws {
        if let unknown = page.unknownColumn { throw RemoteChangeApplier.unknownColumn(unknown, table) }
        try collect(db)
        // The server's rows include every change it acknowledged: only the
        // pending ones are applied again on top.
        let applier = RemoteChangeApplier(tables: tables)
        let acknowledged = try SyncLocalState.acknowledgedSequence(db)
        let pending = try SyncLocalState.pendingOutboxCount(db) > 0
        // One history entry for the page, not one a row: readers of the
        // history read the table again.
        let touched = try db.writingInBulk(into: table.name) {
            if first && replace { try db.execute(sql: "DELETE FROM main.\(table.quotedName)") }
            return try applier.apply(page, of: table, trackingRows: pending, db)
        }
        if pending { try applier.reapplyOutbox(after: acknowledged, touching: touched, wholeTable: first ? table.name : nil, db) }
        if first, try SyncLocalState.serverSequence(db) == nil {
            try SyncLocalState.setValue("server_sequence", .integer(page.head), db)
        }
        if page.next == nil {
            try db.execute(sql: "UPDATE main.plume_sync_table SET bootstrapped = 1 WHERE name = ?", arguments: [table.name])
        }
        try markHistoryRead(db)
    }

    /// The log was pruned past this client: every table is bootstrapped
    /// again, replacing its rows.
    func restartBootstrap(_ db: Database) throws {
        // The changes the server acknowledged are in the rows it will send.
        try SyncLocalState.forget(upTo: try SyncLocalState.acknowledgedSequence(db), db)
        try db.execute(sql: "UPDATE main.plume_sync_table SET bootstrapped = 2")
        try db.execute(sql: "DELETE FROM main.plume_sync_state WHERE key = 'server_sequence'")
    }

    /// Local changes not yet acknowledged: queued, and recorded but not
    /// read yet.
    func pendingCount(_ db: Database) throws -> Int {
        var count = try SyncLocalState.pendingOutboxCount(db)
        if case .text(let text)? = try SyncLocalState.value("history_token", db), let token = ChangeHistoryToken(text),
           try Int.fetchOne(db, sql: "SELECT count(*) FROM main.sqlite_master WHERE type = 'table' AND name = 'plume_history'") == 1 {
            count += try Int.fetchOne(db, sql: "SELECT count(*) FROM main.plume_history WHERE seq > ? AND tbl IN (SELECT name FROM main.plume_sync_table)",
                                      arguments: [token.sequence]) ?? 0
        }
        return count
    }
}
