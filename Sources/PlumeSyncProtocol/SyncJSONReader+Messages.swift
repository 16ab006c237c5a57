extension SyncJSONReader {
    /// A member the message needs and the body lacks.
    func missing(_ name: String) -> SyncJSONError {
        error("missing member \"\(name)\"")
    }

    /// A push request (`POST /v1/push`).
    public mutating func readPushRequest() throws -> SyncPushRequest {
        var client: String?, after: Int64?, changes: [SyncChange]?
        try readObject { reader, name in
            switch name {
            case "client": client = try reader.readString()
            case "after": after = try reader.readNull() ? nil : reader.readInteger()
            case "changes":
                var list: [SyncChange] = []
                try reader.readArray { reader, _ in list.append(try reader.readChange()) }
                changes = list
            default: try reader.skipValue()
            }
        }
        guard let client else { throw missing("client") }
        guard let changes else { throw missing("changes") }
        return SyncPushRequest(client: client, after: after, changes: changes)
    }

    /// One change of a push.
    mutating func readChange() throws -> SyncChange {
        var members = ChangeMembers()
        try readObject { reader, name in try members.read(name, &reader) }
        let (sequence, table, operation, key) = try members.required(self)
        return SyncChange(clientSequence: sequence, table: table, operation: operation, key: key, values: members.values)
    }

    /// A page of logged changes (`GET /v1/changes`, a stream event).
    public mutating func readChangesResponse() throws -> SyncChangesResponse {
        var changes: [SyncLoggedChange]?, own: [SyncOwnChanges] = [], head: Int64?
        try readObject { reader, name in
            switch name {
            case "changes":
                var list: [SyncLoggedChange] = []
                try reader.readArray { reader, _ in list.append(try reader.readLoggedChange()) }
                changes = list
            case "own":
                try reader.readArray { reader, _ in own.append(try reader.readOwnChanges()) }
            case "head": head = try reader.readInteger()
            default: try reader.skipValue()
            }
        }
        guard let changes else { throw missing("changes") }
        guard let head else { throw missing("head") }
        return SyncChangesResponse(changes: changes, own: own, head: head)
    }

    /// One run of the requesting client's own changes.
    mutating func readOwnChanges() throws -> SyncOwnChanges {
        var sequence: Int64?, count: Int64?, clientSequence: Int64?
        try readObject { reader, name in
            switch name {
            case "seq": sequence = try reader.readInteger()
            case "count": count = try reader.readInteger()
            case "client_seq": clientSequence = try reader.readInteger()
            default: try reader.skipValue()
            }
        }
        guard let sequence else { throw missing("seq") }
        guard let count else { throw missing("count") }
        guard count >= 1 else { throw error("count: expected at least 1, found \(count)") }
        guard let clientSequence else { throw missing("client_seq") }
        return SyncOwnChanges(sequence: sequence, count: count, clientSequence: clientSequence)
    }

    /// One logged change.
    mutating func readLoggedChange() throws -> SyncLoggedChange {
        var members = ChangeMembers()
        var client: String?, clientSequence: Int64?
        try readObject { reader, name in
            switch name {
            case "client": client = try reader.readString()
            case "client_seq": clientSequence = try reader.readNull() ? nil : reader.readInteger()
            default: try members.read(name, &reader)
            }
        }
        let (sequence, table, operation, key) = try members.required(self)
        guard let client else { throw missing("client") }
        return SyncLoggedChange(sequence: sequence, client: client, clientSequence: clientSequence, table: table,
                                operation: operation, key: key, values: members.values)
    }

    /// A bootstrap page (`GET /v1/bootstrap`).
    public mutating func readBootstrapResponse() throws -> SyncBootstrapResponse {
        var rows: [SyncBootstrapRow]?, head: Int64?, next: String?
        try readObject { reader, name in
            switch name {
            case "rows":
                var list: [SyncBootstrapRow] = []
                try reader.readArray { reader, _ in list.append(try reader.readBootstrapRow()) }
                rows = list
            case "head": head = try reader.readInteger()
            case "next": next = try reader.readNull() ? nil : reader.readString()
            default: try reader.skipValue()
            }
        }
        guard let rows else { throw missing("rows") }
        guard let head else { throw missing("head") }
        return SyncBootstrapResponse(rows: rows, head: head, next: next)
    }

    /// One row of a bootstrap page.
    mutating func readBootstrapRow() throws -> SyncBootstrapRow {
        var key: [SyncValue]?, values: SyncRow?
        try readObject { reader, name in
            switch name {
            case "key": key = try reader.readKey()
            case "values": values = try reader.readRow()
            default: try reader.skipValue()
            }
        }
        guard let key else { throw missing("key") }
        guard let values else { throw missing("values") }
        return SyncBootstrapRow(key: key, values: values)
    }
}

/// The members a pushed and a logged change share: `seq`, `table`, `op`,
/// `key` and `values`.
private struct ChangeMembers {
    var sequence: Int64?, table: String?, operation: SyncOperation?, key: [SyncValue]?, values: SyncRow?

    /// Reads member `name` if it is one of these; skips it otherwise.
    mutating func read(_ name: String, _ reader: inout SyncJSONReader) throws {
        switch name {
        case "seq": sequence = try reader.readInteger()
        case "table": table = try reader.readString()
        case "op": operation = try reader.readOperation()
        case "key": key = try reader.readKey()
        case "values": values = try reader.readOptionalRow()
        default: try reader.skipValue()
        }
    }

    /// The members every change has.
    ///
    /// - Throws: ``SyncJSONError`` naming the first one missing.
    func required(_ reader: SyncJSONReader) throws -> (Int64, String, SyncOperation, [SyncValue]) {
        guard let sequence else { throw reader.missing("seq") }
        guard let table else { throw reader.missing("table") }
        guard let operation else { throw reader.missing("op") }
        guard let key else { throw reader.missing("key") }
        return (sequence, table, operation, key)
    }
}
