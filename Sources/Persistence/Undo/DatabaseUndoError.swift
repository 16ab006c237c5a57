/// Why a ``DatabaseUndoStack`` cannot undo, redo or record as asked.
///
/// The database is left unchanged by every failed undo or redo: it runs in
/// one transaction, rolled back on any error.
public struct DatabaseUndoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is, as a stable identifier
    /// (`conflict`). New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case nothingToUndo = "nothing_to_undo"
            case nothingToRedo = "nothing_to_redo"
            case transactionOpen = "transaction_open"
            case conflict
            case rowMissing = "row_missing"
            case schemaChanged = "schema_changed"
            case historyPruned = "history_pruned"
            case historyIncomplete = "history_incomplete"
            case notUndoable = "not_undoable"
            case foreignKeyViolation = "foreign_key_violation"
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// ``DatabaseUndoStack/undo(_:)`` with no step to undo.
        public static let nothingToUndo = Code(.nothingToUndo)
        /// ``DatabaseUndoStack/redo(_:)`` with no step to redo.
        public static let nothingToRedo = Code(.nothingToRedo)
        /// Undo or redo was asked while the writer connection has a
        /// transaction open (from inside a write, for example): a step is
        /// undone in a transaction of its own.
        public static let transactionOpen = Code(.transactionOpen)
        /// Another writer (another connection or process, or this
        /// connection outside the stack) changed a row the step touches
        /// after the step: see ``DatabaseUndoError/conflicts``.
        public static let conflict = Code(.conflict)
        /// A row the step touches is not where the history says it is (or
        /// is where it should not be), although no recorded write explains
        /// it: the table was written with its history triggers disabled.
        /// Nothing was replayed.
        public static let rowMissing = Code(.rowMissing)
        /// The schema changed since the step was recorded: the stack was
        /// cleared.
        public static let schemaChanged = Code(.schemaChanged)
        /// The history entries the step is made of were pruned (or the
        /// history was disabled and enabled again): the step and the older
        /// ones were dropped.
        public static let historyPruned = Code(.historyPruned)
        /// A table the step touches is no longer provably recorded (a
        /// history trigger was dropped or is outdated): changes made since
        /// the step may be missing from the history, so it cannot tell
        /// whether undoing is safe.
        public static let historyIncomplete = Code(.historyIncomplete)
        /// A write through the stack changed a table whose history has no
        /// values (keys only, or not recorded): it was rolled back.
        public static let notUndoable = Code(.notUndoable)
        /// Undoing would leave a row referring to a row that no longer
        /// exists (with `PRAGMA foreign_keys` on).
        public static let foreignKeyViolation = Code(.foreignKeyViolation)

        /// The identifier, as `conflict`.
        public var description: String { base.rawValue }
    }

    /// A row that another writer changed after a step: its table (ASCII
    /// letters lowercased) and its key, as the history records it (the
    /// rowid, or the primary key's SQL literals joined by commas).
    public struct Conflict: Hashable, Sendable, CustomStringConvertible {
        /// The table's name, ASCII letters lowercased.
        public let table: String
        /// The row's key, as ``ChangeHistoryEntry/key``.
        public let key: DatabaseValue

        /// The row of `table` (ASCII letters lowercased) whose key is `key`.
        public init(table: String, key: DatabaseValue) {
            self.table = table
            self.key = key
        }

        /// `photo 7`, `tag 'a',3`.
        public var description: String {
            switch key {
            case .integer(let rowID): "\(table) \(rowID)"
            case .text(let text): "\(table) \(text)"
            default: "\(table) \(key)"
            }
        }
    }

    /// The kind of problem.
    public let code: Code
    /// What is wrong, in words, naming the step, table and key concerned.
    public let message: String
    /// The rows another writer changed after the step
    /// (``Code/conflict``); empty otherwise.
    public let conflicts: [Conflict]

    /// Creates an error.
    public init(_ code: Code, _ message: String, conflicts: [Conflict] = []) {
        self.code = code
        self.message = message
        self.conflicts = conflicts
    }

    public var description: String { "undo: \(message)" }
}
