/// The rows one transaction inserted, updated and deleted in one table,
/// by rowid, as SQLite's update hook reported them.
public struct TableChanges: Hashable, Sendable {
    /// Rowids of rows that exist after the commit and did not before.
    public internal(set) var inserted: Set<Int64> = []
    /// Rowids of rows that existed before and after, with new content.
    public internal(set) var updated: Set<Int64> = []
    /// Rowids of rows that existed before the commit and are gone.
    public internal(set) var deleted: Set<Int64> = []

    /// Creates an empty set of changes.
    public init() {}

    /// Creates changes from explicit sets.
    public init(inserted: Set<Int64> = [], updated: Set<Int64> = [], deleted: Set<Int64> = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }

    /// Every rowid touched, whatever the operation.
    public var rowIDs: Set<Int64> { inserted.union(updated).union(deleted) }

    /// Whether nothing changed.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

    mutating func recordInsert(_ rowID: Int64) {
        // The emptiness tests spare a run of inserts two hashes a row.
        if !deleted.isEmpty, deleted.remove(rowID) != nil {
            updated.insert(rowID) // deleted then inserted again: replaced
        } else {
            // An update reported before the insert of the same rowid is
            // the history's record of a key change: the row is new.
            if !updated.isEmpty { updated.remove(rowID) }
            inserted.insert(rowID)
        }
    }

    mutating func recordUpdate(_ rowID: Int64) {
        if !inserted.contains(rowID) { updated.insert(rowID) }
    }

    mutating func recordDelete(_ rowID: Int64) {
        if inserted.remove(rowID) == nil {
            updated.remove(rowID)
            deleted.insert(rowID)
        }
    }
}

/// What one committed transaction changed, delivered to change observers
/// after the commit (never for a rolled-back transaction).
///
/// Local commits (through a Plume connection) carry the rowids the update
/// hook reported. Commits by other processes (``Origin/external``) carry
/// the rowids of the tables with a change history (``historyTables``), read
/// from it. Other tables of external commits, schema changes, and writes
/// to tables the update hook cannot describe (`WITHOUT ROWID` tables,
/// `REPLACE` conflict resolution) carry no rowids for the tables
/// concerned: observers of those must refetch.
public struct DatabaseChanges: Sendable, CustomStringConvertible {
    /// Where the commit came from.
    public enum Origin: Hashable, Sendable {
        /// A Plume connection of this queue or pool.
        case local
        /// Another connection on the same file: another process, the
        /// `sqlite3` shell, or another queue or pool of this process.
        case external
    }

    /// Where the commit came from.
    public var origin: Origin
    /// Row changes per table, keyed by lowercased table name.
    public var tables: [String: TableChanges]
    /// Lowercased names of tables changed in ways that rowids do not
    /// describe.
    public var tablesWithUntrackedChanges: Set<String>
    /// Whether the transaction changed the schema.
    public var schemaChanged: Bool
    /// For a commit by another connection: the lowercased names of the
    /// tables whose changes were read from the change history
    /// (``Database/enableChangeHistory(for:values:)``), so that ``tables`` lists
    /// them completely. Any other table may have changed. Nil when the
    /// commit is local, or external and not described by a history.
    public var historyTables: Set<String>?
    /// Why an external commit could not be read from the change history
    /// (history disabled, pruned past this process, edited by hand,
    /// triggers dropped), so it arrives without rowids and observers
    /// refetch.
    public var historyProblem: ChangeHistoryError?
    /// Set once, on a delivery of its own, when the database file was
    /// replaced or deleted under the queue or pool: from then on its
    /// connections read a file that is no longer at its path, and no
    /// commit to the new file will be seen. Observers should stop and let
    /// the app open the path again.
    public var fileReplacement: DatabaseFileReplacedError?

    /// Creates a change description.
    public init(
        origin: Origin = .local, tables: [String: TableChanges] = [:],
        tablesWithUntrackedChanges: Set<String> = [], schemaChanged: Bool = false
    ) {
        self.origin = origin
        self.tables = tables
        self.tablesWithUntrackedChanges = tablesWithUntrackedChanges
        self.schemaChanged = schemaChanged
    }

    /// Adds the changes of a local commit that one snapshot shows together
    /// with these: rowids, untracked tables and schema changes add up.
    mutating func formUnion(_ other: DatabaseChanges) {
        for (table, changes) in other.tables {
            var merged = tables[table, default: TableChanges()]
            merged.inserted.formUnion(changes.inserted)
            merged.updated.formUnion(changes.updated.subtracting(merged.inserted))
            merged.deleted.formUnion(changes.deleted)
            tables[table] = merged
        }
        tablesWithUntrackedChanges.formUnion(other.tablesWithUntrackedChanges)
        schemaChanged = schemaChanged || other.schemaChanged
    }

    /// Changes of unknown extent: a commit from another process.
    public static let external = DatabaseChanges(origin: .external)

    /// The delivery that reports a replaced or deleted database file: of
    /// unknown extent, so that an observer that ignores
    /// ``fileReplacement`` refetches (and sees the old file unchanged).
    static func fileReplaced(_ error: DatabaseFileReplacedError) -> DatabaseChanges {
        var changes = DatabaseChanges.external
        changes.fileReplacement = error
        return changes
    }

    /// Whether every change is described by rowids: false for external
    /// commits, schema changes and untracked tables.
    public var isFullyTracked: Bool {
        origin == .local && !schemaChanged && tablesWithUntrackedChanges.isEmpty
    }

    /// Whether every change to the tables of `region` is described by
    /// rowids: the tables of a local commit that the update hook tracked,
    /// and the tables of an external commit read from the change history.
    ///
    /// - Complexity: O(number of tables in the region).
    public func isFullyTracked(in region: DatabaseRegion) -> Bool {
        if schemaChanged { return false }
        for table in region.columnsByTable.keys {
            if tablesWithUntrackedChanges.contains(table) { return false }
            if origin == .external, historyTables?.contains(table) != true { return false }
        }
        return true
    }

    /// Whether these changes may alter the result of a query that reads
    /// `region`. External commits and schema changes may alter anything.
    ///
    /// - Complexity: O(min(tables changed, tables in the region)) for a
    ///   local commit: the smaller side is looked up in the larger, since
    ///   a commit usually touches one table and thousands of observers
    ///   each ask.
    public func mayAffect(_ region: DatabaseRegion) -> Bool {
        if schemaChanged { return true }
        let read = region.columnsByTable
        if origin == .external {
            guard let historyTables else { return !read.isEmpty }
            for table in read.keys where !historyTables.contains(table) { return true }
        }
        if tablesWithUntrackedChanges.count + tables.count <= read.count {
            for table in tablesWithUntrackedChanges where read[table] != nil { return true }
            for (table, changes) in tables where !changes.isEmpty && read[table] != nil { return true }
            return false
        }
        for table in read.keys {
            if tablesWithUntrackedChanges.contains(table) { return true }
            if let changes = tables[table], !changes.isEmpty { return true }
        }
        return false
    }

    /// Whether nothing is known to have changed.
    public var isEmpty: Bool {
        origin == .local && !schemaChanged && tablesWithUntrackedChanges.isEmpty
            && tables.values.allSatisfy(\.isEmpty)
    }

    public var description: String {
        if origin == .external, historyTables == nil {
            return schemaChanged ? "external changes; schema" : "external changes"
        }
        var parts = tables.keys.sorted().map { table -> String in
            let changes = tables[table]!
            return "\(table): +\(changes.inserted.count) ~\(changes.updated.count) -\(changes.deleted.count)"
        }
        if !tablesWithUntrackedChanges.isEmpty {
            parts.append("untracked: \(tablesWithUntrackedChanges.sorted().joined(separator: ","))")
        }
        if schemaChanged { parts.append("schema") }
        if origin == .external { parts.insert("external (history)", at: 0) }
        return parts.joined(separator: "; ")
    }
}
