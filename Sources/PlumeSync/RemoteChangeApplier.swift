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
    private let decoder = JSONDecoder()

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
            let columns = table.columns.map(SyncTable.quote)
            let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            let updates = columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
            let statement = try db.cachedStatement(sql: """
                INSERT INTO main.\(table.quotedName) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))
                ON CONFLICT (\(table.keyColumns.map(SyncTable.quote).joined(separator: ", "))) DO UPDATE SET \(updates)
                """)
            try statement.execute(arguments: StatementArguments(positional: table.columns.map { values[$0] ?? .null }))
        case .update:
            guard let values, !values.isEmpty else { return }
            let columns = values.keys.sorted()
            let statement = try db.cachedStatement(sql: """
                UPDATE main.\(table.quotedName) SET \(columns.map { "\(SyncTable.quote($0)) = ?" }.joined(separator: ", ")) WHERE \(table.keyCondition)
                """)
            try statement.execute(arguments: StatementArguments(positional: columns.map { values[$0] ?? .null } + key))
        case .delete:
            let statement = try db.cachedStatement(sql: "DELETE FROM main.\(table.quotedName) WHERE \(table.keyCondition)")
            try statement.execute(arguments: StatementArguments(positional: key))
        }
    }

    /// Applies logged changes in order; returns the rows they touched.
    func apply(_ changes: [SyncLoggedChange], _ db: Database) throws -> Set<RowReference> {
        var touched = Set<RowReference>()
        for change in changes {
            guard let table = tables[change.table] else { continue }
            try apply(change.operation, table: table, key: change.key.map(\.databaseValue), values: change.values?.mapValues(\.databaseValue), db)
            touched.insert(RowReference(table: change.table, key: SyncJSON.keyText(change.key)))
        }
        return touched
    }

    /// Applies a bootstrap page's rows as inserts; returns the rows.
    func apply(_ rows: [SyncBootstrapRow], of table: SyncTable, _ db: Database) throws -> Set<RowReference> {
        var touched = Set<RowReference>()
        for row in rows {
            try apply(.insert, table: table, key: row.key.map(\.databaseValue), values: row.values.mapValues(\.databaseValue), db)
            touched.insert(RowReference(table: table.name, key: SyncJSON.keyText(row.key)))
        }
        return touched
    }

    /// Re-applies, oldest first, the unacknowledged local changes of the
    /// rows `touched` names (of every row of `table` when `wholeTable` is
    /// given).
    func reapplyPending(touching touched: Set<RowReference>, wholeTable: String? = nil, _ db: Database) throws {
        guard !touched.isEmpty || wholeTable != nil else { return }
        for entry in try SyncLocalState.outbox(after: 0, limit: Int.max, db) {
            guard let table = tables[entry.table] else { continue }
            guard entry.table == wholeTable || touched.contains(RowReference(table: entry.table, key: entry.keyJSON)) else { continue }
            let key = try decoder.decode([SyncValue].self, from: Data(entry.keyJSON.utf8)).map(\.databaseValue)
            let values = try entry.valuesJSON.map { try decoder.decode(SyncRow.self, from: Data($0.utf8)).mapValues(\.databaseValue) }
            try apply(entry.operation, table: table, key: key, values: values, db)
        }
    }
}

/// A row across machines: its table and its key's canonical JSON.
struct RowReference: Hashable {
    var table: String
    var key: String
}
