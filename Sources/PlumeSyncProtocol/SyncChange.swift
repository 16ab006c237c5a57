/// A row's values by column name (lowercased): the whole row of an insert,
/// or the columns an update changed.
public typealias SyncRow = [String: SyncValue]

/// What a change does to a row.
public enum SyncOperation: String, Codable, Hashable, Sendable {
    /// The row becomes `values` (every column), whether it existed or not.
    case insert
    /// The columns in `values` take those values, if the row exists;
    /// nothing happens otherwise.
    case update
    /// The row is removed (a tombstone stays on the server).
    case delete
}

/// One change of one row, as a client pushes it.
public struct SyncChange: Codable, Hashable, Sendable {
    /// The client's own sequence number for the change: increasing, never
    /// reused, so that the server applies a retried push once.
    public var clientSequence: Int64
    /// The table (name with ASCII letters lowercased).
    public var table: String
    /// What happens to the row.
    public var operation: SyncOperation
    /// The row's primary key values, in key order.
    public var key: [SyncValue]
    /// Every column for an insert, the changed columns (never a key
    /// column) for an update, nil for a delete.
    public var values: SyncRow?

    /// Creates a change.
    public init(clientSequence: Int64, table: String, operation: SyncOperation, key: [SyncValue], values: SyncRow?) {
        self.clientSequence = clientSequence
        self.table = table
        self.operation = operation
        self.key = key
        self.values = values
    }

    enum CodingKeys: String, CodingKey {
        case clientSequence = "seq", table, operation = "op", key, values
    }
}

/// A change as the server logged it, at its place in the server's order.
public struct SyncLoggedChange: Codable, Hashable, Sendable {
    /// The server sequence number: the change's place in the one order
    /// every client applies.
    public var sequence: Int64
    /// The client that pushed it.
    public var client: String
    /// The pushing client's own sequence number of the change
    /// (``SyncChange/clientSequence``): a client that finds its own change
    /// in a page knows the server applied every change of its up to this
    /// one, even when the push's answer has not come back yet.
    public var clientSequence: Int64?
    /// The table.
    public var table: String
    /// What happens to the row.
    public var operation: SyncOperation
    /// The row's primary key values.
    public var key: [SyncValue]
    /// As in ``SyncChange/values``.
    public var values: SyncRow?

    /// Creates a logged change.
    public init(sequence: Int64, client: String, clientSequence: Int64? = nil, table: String, operation: SyncOperation, key: [SyncValue], values: SyncRow?) {
        self.sequence = sequence
        self.client = client
        self.clientSequence = clientSequence
        self.table = table
        self.operation = operation
        self.key = key
        self.values = values
    }

    enum CodingKeys: String, CodingKey {
        case sequence = "seq", client, clientSequence = "client_seq", table, operation = "op", key, values
    }
}

/// The conflict rule both sides apply: per row, changes in server order;
/// an update merges column by column.
public enum SyncMerge {
    /// The row after `operation` with `values`, given the row before (nil:
    /// no row).
    ///
    /// - insert: the row becomes `values`.
    /// - update: the row's columns in `values` change; no row stays no row.
    /// - delete: no row.
    public static func apply(_ operation: SyncOperation, values: SyncRow?, to row: SyncRow?) -> SyncRow? {
        switch operation {
        case .insert:
            return values ?? [:]
        case .update:
            guard var row else { return nil }
            for (column, value) in values ?? [:] { row[column] = value }
            return row
        case .delete:
            return nil
        }
    }
}
