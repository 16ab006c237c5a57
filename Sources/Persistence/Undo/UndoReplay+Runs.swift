/// Runs of entries replayed by one statement each: consecutive entries of
/// one table and one operation (and, for updates, the same changed
/// columns) on distinct rows commute, so their inverses can be applied by
/// one `DELETE`, `INSERT … SELECT` or `UPDATE … FROM` over the range of
/// history entries, and their history entries written by one
/// `INSERT … SELECT`. A run that fails (a constraint, a row not as the
/// history says) is rolled back to its savepoint and replayed entry by
/// entry, which names the row.
extension UndoReplay {
    /// Applies the inverse of `entries` (oldest first), newest first,
    /// leaving the rows of `skipped` alone. Returns how many rows changed.
    mutating func invertAll(_ entries: [Entry], skipping skipped: Set<UndoRowKey>) throws -> Int {
        var changed = 0
        var end = entries.count - 1
        while end >= 0 {
            let last = entries[end]
            if skipped.contains(last.key) {
                end -= 1
                continue
            }
            var start = end
            if try isBatchable(last) {
                var keys: Set<UndoRowKey> = [last.key]
                while start > 0 {
                    let previous = entries[start - 1]
                    guard previous.key.table == last.key.table, previous.operation == last.operation,
                          previous.changed == last.changed, !skipped.contains(previous.key),
                          keys.insert(previous.key).inserted else { break }
                    start -= 1
                }
            }
            if start == end {
                if try invert(last) { changed += 1 }
            } else {
                changed += try invertRun(Array(entries[start...end]))
            }
            end = start - 1
        }
        return changed
    }

    /// Whether an entry can start a run: an insert or update of a rowid
    /// table, or a delete of any table (conflicts are looked up one by
    /// one).
    private mutating func isBatchable(_ entry: Entry) throws -> Bool {
        let table = try undoTable(entry.key.table)
        switch entry.operation {
        case .delete: return true
        case .insert: return table.key.columns == nil
        case .update: return table.key.columns == nil && !entry.changed.isEmpty
        case .conflict, .enabled, .bulk: return false
        }
    }

    /// Applies the inverse of a run (oldest first) in one statement, or
    /// entry by entry when that fails.
    private mutating func invertRun(_ run: [Entry]) throws -> Int {
        let table = try undoTable(run[0].key.table)
        let columns = run[0].changed
        let first = run[0].sequence, last = run[run.count - 1].sequence
        let range: [DatabaseValue] = [.integer(first), .integer(last)]
        let rowID = "\(quoteIdentifier(table.name)).\(quoteIdentifier(table.key.rowIDName))"
        do {
            try db.inSavepoint {
                switch run[0].operation {
                case .insert:
                    try self.run("DELETE FROM \(table.quotedName) WHERE \(rowID) IN (SELECT key FROM main.plume_history WHERE seq BETWEEN ? AND ?)", range)
                    guard db.changesCount == run.count else { throw RunFailed() }
                    try recordInverse(of: first, through: last, table, operation: .delete)
                case .delete:
                    let inserted = table.insertedColumns
                    let values = ChangeHistoryValues.slots(table.columns.count) + (inserted.rowID ? ["key"] : [])
                    try self.run("""
                        INSERT INTO \(table.quotedName) (\(inserted.names.map(quoteIdentifier).joined(separator: ", ")))
                        SELECT \(values.joined(separator: ", ")) FROM main.plume_history WHERE seq BETWEEN ? AND ? ORDER BY seq DESC
                        """, range)
                    guard db.changesCount == run.count else { throw RunFailed() }
                    try recordInverse(of: first, through: last, table, operation: .insert)
                default:
                    let targets = columns.map { quoteIdentifier(table.columns[$0]) }.joined(separator: ", ")
                    let olds = columns.map { "plume_h.v\(2 * $0 + 1)" }.joined(separator: ", ")
                    try self.run("""
                        UPDATE \(table.quotedName) SET (\(targets)) = (\(olds))
                        FROM (SELECT * FROM main.plume_history WHERE seq BETWEEN ? AND ?) AS plume_h
                        WHERE \(rowID) = plume_h.key AND \(Self.holdsNew(table, columns))
                        """, range)
                    guard db.changesCount == run.count else { throw RunFailed() }
                    try recordInverse(of: first, through: last, table, operation: .update)
                }
            }
            return run.count
        } catch is RunFailed {
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
        }
        var changed = 0
        for entry in run.reversed() {
            if try invert(entry) { changed += 1 }
        }
        return changed
    }

    private struct RunFailed: Error {}
}
