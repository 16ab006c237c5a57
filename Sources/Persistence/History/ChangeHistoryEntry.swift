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
        /// Rows of the table were written in bulk without being recorded
        /// one by one (a sync client loading a table's rows from its
        /// server): the entry has no key and no values. Any row of the
        /// table may have been inserted, updated or deleted: read the
        /// table again.
        case bulk = 5

        /// `insert`, `update`, `delete`, `conflict`, `bulk` or `enabled`.
        public var description: String {
            switch self {
            case .enabled: "enabled"
            case .insert: "insert"
            case .update: "update"
            case .delete: "delete"
            case .conflict: "conflict"
            case .bulk: "bulk"
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
    /// as `'a',3`); `NULL` for ``Operation/bulk`` and
    /// ``Operation/enabled``.
    public let key: DatabaseValue
    /// When the change was written, at the latest: the time of the
    /// history's first clock mark at or after it, or the time the history
    /// was read when no mark covers it yet. The triggers record no time
    /// per row (it would cost every write); Plume connections mark the
    /// clock when they enable or prune the history and, at most once a
    /// minute, after an observing writer's own commits.
    public let date: Date
    /// The row's values before the change, for a table recorded with values
    /// (``Database/enableChangeHistory(for:values:)``): the whole row for a
    /// ``Operation/delete`` (or the old side of a key change) and a
    /// ``Operation/conflict``, the columns that changed for an
    /// ``Operation/update``, nil for an ``Operation/insert`` and for an
    /// entry recorded without values (see ``hasValues``).
    ///
    /// Values are as SQLite stored them, bit for bit in the history; text
    /// that is not valid UTF-8 is repaired (U+FFFD) when read into a
    /// ``DatabaseValue``, as everywhere in Plume.
    public let oldRow: Row?
    /// The row's values after the change: the whole row for an
    /// ``Operation/insert`` (or the new side of a key change), the columns
    /// that changed for an ``Operation/update``, nil otherwise.
    public let newRow: Row?
    /// Whether the entry carries values. An entry of a table recorded
    /// keys only, or written by a version of Plume that did not record
    /// values, has none: it says which row changed, not how.
    public let hasValues: Bool

    init(token: ChangeHistoryToken, table: String, operation: Operation, key: DatabaseValue, date: Date,
         oldRow: Row? = nil, newRow: Row? = nil, hasValues: Bool = false) {
        self.token = token
        self.table = table
        self.operation = operation
        self.key = key
        self.date = date
        self.oldRow = oldRow
        self.newRow = newRow
        self.hasValues = hasValues
    }

    /// The same entry dated `date`.
    func dated(_ date: Date) -> ChangeHistoryEntry {
        ChangeHistoryEntry(token: token, table: table, operation: operation, key: key, date: date, oldRow: oldRow, newRow: newRow, hasValues: hasValues)
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
