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

    /// Applies one change.
    ///
    /// - Throws: ``SyncError`` (``SyncError/Code/schemaMismatch``) for a
    ///   column the table lacks, or a ``DatabaseError`` (a unique index
    ///   other than the key refusing the row, a foreign key…).
    func apply(_ operation: SyncOperation, table: SyncTable, key: [DatabaseValue], values: [String: DatabaseValue]?, _ db: Database) throws {
        if let values, let unknown = values.keys.first(where: { !table.columns.contains($0) }) {
            throw SyncError(.schemaMismatch, "the server sent column \(unknown) of table \(table.name), which has no such column here")
        }
        switch operation {
        case .insert:
            let values = values ?? [:]
            let statement = try db.cachedStatement(sql: table.upsertSQL)
            try statement.execute(arguments: StatementArguments(positional: table.columns.map { values[$0] ?? .null }))
        case .update:
            guard let values, !values.isEmpty else { return }
            let columns = values.keys.sorted()
            let statement = try db.cachedStatement(sql: """
                UPDATE main.\(table.quotedName) SET \(columns.map { "\(SyncTable.quote($0)) = ?" }.joined(separator: ", ")) WHERE \(table.keyCondition)
                """)
            try statement.execute(arguments: StatementArguments(positional: columns.map { values[$0] ?? .null } + key))
        case .delete:
            let statement = try db.cachedStatement(sql: table.deleteSQL)
            try statement.execute(arguments: StatementArguments(positional: key))
        }
    }

    /// Applies logged changes in order; returns the rows they touched
    /// when `trackingRows` (an empty set otherwise: nothing is pending).
    func apply(_ changes: [SyncLoggedChange], trackingRows: Bool, _ db: Database) throws -> Set<RowReference> {
        var touched = Set<RowReference>()
        for change in changes {
            guard let table = tables[change.table] else { continue }
            try apply(change.operation, table: table, key: change.key.map(\.databaseValue), values: change.values?.mapValues(\.databaseValue), db)
            if trackingRows { touched.insert(RowReference(table: change.table, key: SyncJSON.keyText(change.key))) }
        }
        return touched
    }

    /// Applies a bootstrap page's rows as inserts; returns the rows when
    /// `trackingRows` (an empty set otherwise).
    func apply(_ rows: [SyncBootstrapRow], of table: SyncTable, trackingRows: Bool, _ db: Database) throws -> Set<RowReference> {
        var touched = Set<RowReference>()
        for row in rows {
            try apply(.insert, table: table, key: row.key.map(\.databaseValue), values: row.values.mapValues(\.databaseValue), db)
            if trackingRows { touched.insert(RowReference(table: table.name, key: SyncJSON.keyText(row.key))) }
        }
        return touched
    }

    /// Re-applies, oldest first, the unacknowledged local changes of the
    /// rows `touched` names (of every row of `table` when `wholeTable` is
    /// given).
    func reapplyPending(touching touched: Set<RowReference>, wholeTable: String? = nil, _ db: Database) throws {
        guard !touched.isEmpty || wholeTable != nil else { return }
        let entries = try SyncLocalState.outbox(touching: touched, wholeTable: wholeTable, db)
        for entry in entries {
            guard let table = tables[entry.table] else { continue }
            let key = try SyncJSONReader.decode(Array(entry.keyJSON.utf8)) { try $0.readKey() }.map(\.databaseValue)
            let values = try entry.valuesJSON.map { json in
                try SyncJSONReader.decode(Array(json.utf8)) { try $0.readRow() }.mapValues(\.databaseValue)
            }
            try apply(entry.operation, table: table, key: key, values: values, db)
        }
    }
}

/// A row across machines: its table and its key's canonical JSON.
struct RowReference: Hashable {
    var table: String
    var key: String
}
