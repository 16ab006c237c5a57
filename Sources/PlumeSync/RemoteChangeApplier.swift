import Foundation
import Persistence
import PlumeSyncProtocol

/// Applies the server's changes to the local tables by the protocol's
/// rule (``SyncMerge``: an insert sets the whole row, an update the
/// columns it carries if the row exists, a delete removes it), and
/// re-applies the local changes the server has not acknowledged yet on
/// top, so that they neither vanish meanwhile nor come back once the
/// server overrides them.
struct RemoteChangeApplier {
    let tables: [String: SyncTable]

    init(tables: [String: SyncTable]) {
        self.tables = tables
    }

    /// Applies one change, its key and values in the protocol's form (no
    /// dictionary of database values is built: an insert's arguments are
    /// read in column order straight from `values`).
    ///
    /// - Throws: ``SyncError`` (``SyncError/Code/schemaMismatch``) for a
    ///   column the table lacks, or a ``DatabaseError`` (a unique index
    ///   other than the key refusing the row, a foreign key…).
    func apply(_ operation: SyncOperation, table: SyncTable, key: [SyncValue], values: SyncRow?, _ db: Database) throws {
        switch operation {
        case .insert:
            let values = values ?? [:]
            var arguments: [DatabaseValue] = []
            arguments.reserveCapacity(table.columns.count)
            var found = 0
            for column in table.columns {
                if let value = values[column] {
                    arguments.append(value.databaseValue)
                    found += 1
                } else {
                    arguments.append(.null)
                }
            }
            // Every value was a column's: none is left over.
            guard found == values.count else { throw Self.unknownColumn(values, table) }
            try db.cachedStatement(sql: table.upsertSQL).execute(arguments: StatementArguments(positional: arguments))
        case .update:
            guard let values, !values.isEmpty else { return }
            guard values.keys.allSatisfy(table.columns.contains) else { throw Self.unknownColumn(values, table) }
            let columns = values.keys.sorted()
            let statement = try db.cachedStatement(sql: """
                UPDATE main.\(table.quotedName) SET \(columns.map { "\(SyncTable.quote($0)) = ?" }.joined(separator: ", ")) WHERE \(table.keyCondition)
                """)
            try statement.execute(arguments: StatementArguments(positional: columns.map { values[$0]?.databaseValue ?? .null } + key.map(\.databaseValue)))
        case .delete:
            if let values, !values.keys.allSatisfy(table.columns.contains) { throw Self.unknownColumn(values, table) }
            try db.cachedStatement(sql: table.deleteSQL).execute(arguments: StatementArguments(positional: key.map(\.databaseValue)))
        }
    }

    private static func unknownColumn(_ values: SyncRow, _ table: SyncTable) -> SyncError {
        unknownColumn(values.keys.sorted().first { !table.columns.contains($0) } ?? "?", table)
    }

    /// The error of a column `table` lacks.
    static func unknownColumn(_ column: String, _ table: SyncTable) -> SyncError {
        SyncError(.schemaMismatch, "the server sent column \(column) of table \(table.name), which has no such column here")
    }

    /// Applies a pulled page's changes after server sequence number
    /// `position` (the client may have moved past the page's start) in
    /// server order. The client's own changes in it (``SyncOwnChanges``)
    /// are already applied locally and are applied again from the outbox
    /// only where a change of another client earlier in the page touched
    /// their row.
    ///
    /// - Parameter trackingRows: Whether the outbox holds entries (the
    ///   touched rows are tracked and returned; none otherwise).
    /// - Returns: The rows other clients' changes touched, and the last
    ///   own client sequence number the page holds.
    /// - Throws: ``SyncError`` (``SyncError/Code/stateDamaged``) when an
    ///   own change to apply again is missing from the outbox.
    func apply(_ page: SyncChangesResponse, after position: Int64, trackingRows: Bool, _ db: Database) throws -> (touched: Set<RowReference>, lastOwn: Int64?) {
        var touched = Set<RowReference>()
        var lastOwn: Int64?
        var runs = page.own[...]
        func applyOwnRuns(before sequence: Int64) throws {
            while let run = runs.first, run.sequence < sequence {
                runs.removeFirst()
                let skipped = max(0, position - run.sequence + 1)
                guard skipped < run.count else { continue }
                lastOwn = run.lastClientSequence
                guard !touched.isEmpty else { continue }
                let entries = try SyncLocalState.outbox(from: run.clientSequence + skipped, through: run.lastClientSequence, db)
                guard entries.count == run.count - skipped else {
                    throw SyncError(.stateDamaged, "plume_sync_outbox lacks this client's changes \(run.clientSequence + skipped) to \(run.lastClientSequence), which the server applied: the sync state was edited by hand")
                }
                for entry in entries where touched.contains(RowReference(table: entry.table, key: entry.keyJSON)) {
                    try apply(entry, db)
                }
            }
        }
        for change in page.changes where change.sequence > position {
            try applyOwnRuns(before: change.sequence)
            guard let table = tables[change.table] else { continue }
            try apply(change.operation, table: table, key: change.key, values: change.values, db)
            if trackingRows { touched.insert(RowReference(table: change.table, key: SyncJSON.keyText(change.key))) }
        }
        try applyOwnRuns(before: .max)
        return (touched, lastOwn)
    }

    /// Applies a bootstrap page's rows as inserts, binding each row's
    /// values in column order to one statement; returns the rows when
    /// `trackingRows` (an empty set otherwise).
    func apply(_ page: SyncBootstrapColumns, of table: SyncTable, trackingRows: Bool, _ db: Database) throws -> Set<RowReference> {
        var touched = Set<RowReference>()
        let statement = try db.cachedStatement(sql: table.upsertSQL)
        let width = table.columns.count
        for row in 0..<page.count {
            for column in 0..<width {
                try statement.bind(page.values[row * width + column].databaseValue, at: column + 1)
            }
            try statement.run()
            if trackingRows { touched.insert(RowReference(table: table.name, key: SyncJSON.keyText(page.keys[row]))) }
        }
        return touched
    }

    /// Re-applies, oldest first, the outbox's local changes after client
    /// sequence number `sequence` of the rows `touched` names (of every
    /// row of `table` when `wholeTable` is given).
    func reapplyOutbox(after sequence: Int64, touching touched: Set<RowReference>, wholeTable: String? = nil, _ db: Database) throws {
        guard !touched.isEmpty || wholeTable != nil else { return }
        for entry in try SyncLocalState.outbox(after: sequence, touching: touched, wholeTable: wholeTable, db) {
            try apply(entry, db)
        }
    }

    /// Applies an outbox entry (nothing for a table no longer synced).
    func apply(_ entry: OutboxEntry, _ db: Database) throws {
        guard let table = tables[entry.table] else { return }
        let key = try SyncJSONReader.key(entry.keyJSON)
        let values = try entry.valuesJSON.map(SyncJSONReader.row)
        try apply(entry.operation, table: table, key: key, values: values, db)
    }
}

/// A row across machines: its table and its key's canonical JSON.
struct RowReference: Hashable {
    var table: String
    var key: String
}
