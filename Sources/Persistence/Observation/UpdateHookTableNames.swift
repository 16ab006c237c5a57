import CSQLite
import Foundation

/// The Swift names (``Swift/String/sqlNameKey()``) of the last few tables
/// SQLite's update hook named, so that a write alternating between a few
/// tables (a table and its change history, row after row) builds each
/// name once, not once a row.
///
/// SQLite passes the table's name from its schema, whose address stays the
/// same while the schema does; an entry is used when both the address and
/// the bytes match (a new schema may reuse an address for another name).
struct UpdateHookTableNames {
    private struct Entry {
        var pointer: UnsafePointer<CChar>
        /// The name as SQLite spelled it, to compare bytes with.
        var spelled: String
        var key: String
    }

    /// How many tables are remembered.
    static let capacity = 4

    private var entries: [Entry] = []
    /// The entry replaced next once all are taken.
    private var nextVictim = 0

    /// The lowercased name of the table SQLite named `table`.
    mutating func key(of table: UnsafePointer<CChar>) -> String {
        for entry in entries where entry.pointer == table && strcmp(table, entry.spelled) == 0 {
            return entry.key
        }
        let spelled = String(cString: table)
        let entry = Entry(pointer: table, spelled: spelled, key: spelled.sqlNameKey())
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[nextVictim] = entry
            nextVictim = (nextVictim + 1) % Self.capacity
        }
        return entry.key
    }
}
