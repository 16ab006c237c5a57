import PlumeSyncProtocol

/// Checks a push before anything is written: the token may write each
/// table, the tables are registered, and every change has the shape its
/// operation needs (Documentation/SyncProtocol.md, "Push").
struct SyncPushValidator {
    let access: SyncAccess
    /// The schemas of the tables the push names.
    let schemas: [String: SyncTableSchema]

    /// - Throws: ``SyncHTTPFailure``: 403 for a read-only token or a table
    ///   the token may not write, 409 for a table that is not registered,
    ///   400 naming the change and column of a malformed change.
    func validate(_ request: SyncPushRequest) throws {
        guard !request.client.isEmpty, request.client.utf8.count <= 200 else {
            throw SyncHTTPFailure(.badRequest, "client: expected the client's identifier (1 to 200 bytes)")
        }
        guard access.canWrite else {
            throw SyncHTTPFailure(.forbidden, "this token is read-only: it may not push changes")
        }
        var previous: Int64 = 0
        var columns: [String: TableColumns] = [:]
        for (index, change) in request.changes.enumerated() {
            guard change.clientSequence > previous else {
                throw SyncHTTPFailure(.badRequest, "\(Self.place(index, change)): seq must be greater than 0 and than the previous change's")
            }
            previous = change.clientSequence
            guard access.allows(change.table) else {
                throw SyncHTTPFailure(.forbidden, "this token may not write table \(change.table)")
            }
            guard let schema = schemas[change.table] else {
                throw SyncHTTPFailure(.conflict, "\(Self.place(index, change)): table \(change.table) is not registered on the server (POST /v1/connect first)")
            }
            let table: TableColumns
            if let known = columns[change.table] {
                table = known
            } else {
                table = TableColumns(schema)
                columns[change.table] = table
            }
            try validate(change, table) { Self.place(index, change) }
        }
    }

    /// Where a change is in the push, for messages.
    private static func place(_ index: Int, _ change: SyncChange) -> String {
        "changes[\(index)] (seq \(change.clientSequence), table \(change.table))"
    }

    /// A table's columns, worked out once a push.
    private struct TableColumns {
        let schema: SyncTableSchema
        let keyColumns: [String]
        let known: Set<String>

        init(_ schema: SyncTableSchema) {
            self.schema = schema
            keyColumns = schema.keyColumns
            known = Set(schema.columns.map(\.name))
        }
    }

    private func validate(_ change: SyncChange, _ table: TableColumns, _ place: () -> String) throws {
        let (schema, keyColumns, known) = (table.schema, table.keyColumns, table.known)
        guard change.key.count == keyColumns.count else {
            throw SyncHTTPFailure(.badRequest, "\(place()): key has \(change.key.count) values, the primary key (\(keyColumns.joined(separator: ", "))) has \(keyColumns.count)")
        }
        switch change.operation {
        case .insert:
            guard let values = change.values else {
                throw SyncHTTPFailure(.badRequest, "\(place()): an insert carries values for every column")
            }
            if !values.keys.allSatisfy(known.contains), let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
                throw SyncHTTPFailure(.badRequest, "\(place()): no column \(unknown) in table \(schema.name)")
            }
            if let missing = schema.columns.first(where: { values[$0.name] == nil }) {
                throw SyncHTTPFailure(.badRequest, "\(place()): an insert carries every column, column \(missing.name) is missing")
            }
            for (position, column) in keyColumns.enumerated() where values[column] != change.key[position] {
                throw SyncHTTPFailure(.badRequest, "\(place()): key column \(column) is \(change.key[position]) in the key and \(values[column].map { "\($0)" } ?? "missing") in the values")
            }
        case .update:
            guard let values = change.values, !values.isEmpty else {
                throw SyncHTTPFailure(.badRequest, "\(place()): an update carries the columns it changed")
            }
            if !values.keys.allSatisfy(known.contains), let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
                throw SyncHTTPFailure(.badRequest, "\(place()): no column \(unknown) in table \(schema.name)")
            }
            if let key = keyColumns.first(where: { values[$0] != nil }) {
                throw SyncHTTPFailure(.badRequest, "\(place()): an update cannot change key column \(key) (a key change is a delete and an insert)")
            }
        case .delete:
            guard change.values?.isEmpty ?? true else {
                throw SyncHTTPFailure(.badRequest, "\(place()): a delete carries no values")
            }
        }
    }
}
