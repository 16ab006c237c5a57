/// Why the change history cannot be read, enabled or pruned as asked.
///
/// Live observers never show a stale list because of these: they fall back
/// to a full refetch of the tables concerned and report the problem in
/// ``DatabaseChanges/historyProblem``.
public struct ChangeHistoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is, as a stable identifier
    /// (`token_pruned`). New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case notEnabled = "not_enabled"
            case noSuchTable = "no_such_table"
            case tokenFromAnotherDatabase = "token_from_another_database"
            case tokenPruned = "token_pruned"
            case historyDamaged = "history_damaged"
            case triggersMissing = "triggers_missing"
            case triggersOutdated = "triggers_outdated"
            case uniqueIndexNotCovered = "unique_index_not_covered"
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The database has no change history (never enabled, disabled,
        /// or its tables dropped).
        public static let notEnabled = Code(.notEnabled)
        /// A table to enable the history for does not exist, or is a
        /// view or one of Plume's own tables.
        public static let noSuchTable = Code(.noSuchTable)
        /// A token made for another database, or for a history since
        /// disabled and enabled again.
        public static let tokenFromAnotherDatabase = Code(.tokenFromAnotherDatabase)
        /// The changes after the token were pruned: refetch instead.
        public static let tokenPruned = Code(.tokenPruned)
        /// The history table was edited by hand: rows are missing or hold
        /// values Plume never writes.
        public static let historyDamaged = Code(.historyDamaged)
        /// A table's history triggers were dropped or now belong to
        /// another table (`ALTER TABLE … RENAME`), or a guard of
        /// `plume_history` was dropped: changes may go unrecorded.
        public static let triggersMissing = Code(.triggersMissing)
        /// A table's history triggers no longer match its schema (a
        /// unique index or key was added, changed or dropped after the
        /// history was enabled), or the history was enabled by an earlier
        /// version of Plume: run ``Database/enableChangeHistory(for:values:)``
        /// again.
        public static let triggersOutdated = Code(.triggersOutdated)
        /// A table has a unique index whose conflicts a trigger cannot look
        /// up (on a generated column, for example): rows that `REPLACE`
        /// deletes through it would go unrecorded, so the table is always
        /// refetched.
        public static let uniqueIndexNotCovered = Code(.uniqueIndexNotCovered)

        /// The identifier, as `token_pruned`.
        public var description: String { base.rawValue }
    }

    /// The kind of problem.
    public let code: Code
    /// What is wrong, in words, naming the table, token or row concerned.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "change history: \(message)" }
}
