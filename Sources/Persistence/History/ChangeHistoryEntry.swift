import Foundation

/// One changed row recorded by the change history.
public struct ChangeHistoryEntry: Hashable, Sendable {
    /// What happened to the row.
    public enum Operation: Int, Hashable, Sendable, CustomStringConvertible {
        /// The history was enabled (a marker, with no table or key).
        case enabled = 0
        /// The row was inserted.
        case insert = 1
        /// The row was updated (it keeps its key).
        case update = 2
        /// The row was deleted, or its key changed (then the new key is
        /// recorded as an insert).
        case delete = 3
        /// The row conflicted with an insert or update on a unique
        /// constraint (besides its key): `REPLACE` conflict resolution
        /// deleted it, unless the statement ignored the conflict. Read the
        /// row again to know whether it is still there.
        case conflict = 4

        /// `insert`, `update`, `delete`, `conflict` or `enabled`.
        public var description: String {
            switch self {
            case .enabled: "enabled"
            case .insert: "insert"
            case .update: "update"
            case .delete: "delete"
            case .conflict: "conflict"
            }
        }
    }

    /// The position of this change: pass it to
    /// ``Database/changeHistory(since:)`` to read what came after.
    public let token: ChangeHistoryToken
    /// The name of the table, with ASCII letters lowercased (SQLite's
    /// own folding: `"Été"` and `"été"` stay two tables).
    public let table: String
    /// What happened.
    public let operation: Operation
    /// The row's key: its rowid (an integer), or for a `WITHOUT ROWID`
    /// table its primary key as SQL literals separated by commas (text,
    /// as `'a',3`).
    public let key: DatabaseValue
    /// When the change was written, at the latest: the time of the
    /// history's first clock mark at or after it, or the time the history
    /// was read when no mark covers it yet. The triggers record no time
    /// per row (it would cost every write); Plume connections mark the
    /// clock when they enable or prune the history and, at most once a
    /// minute, after an observing writer's own commits.
    public let date: Date

    init(token: ChangeHistoryToken, table: String, operation: Operation, key: DatabaseValue, date: Date) {
        self.token = token
        self.table = table
        self.operation = operation
        self.key = key
        self.date = date
    }
}

/// The changes recorded after a token, oldest first, and the token to ask
/// from next time.
public struct ChangeHistory: Sendable {
    /// The changes, oldest first.
    public let entries: [ChangeHistoryEntry]
    /// The token of the newest change (the one passed in when nothing
    /// changed).
    public let token: ChangeHistoryToken
}
