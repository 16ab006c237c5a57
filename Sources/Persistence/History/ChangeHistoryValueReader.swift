/// Reads the values of entries (``ChangeHistoryValues``) from the
/// `layout` and `v1…vn` columns of `plume_history`.
struct ChangeHistoryValueReader {
    /// The column list each layout number names.
    private let layouts: [Int64: RowLayout]
    /// How many value columns `plume_history` has.
    private let slotCount: Int

    init(_ db: Database) throws {
        guard try db.historyHasValueColumns() else {
            layouts = [:]
            slotCount = 0
            return
        }
        layouts = try db.historyValueLayouts()
        slotCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM pragma_table_info('plume_history', 'main') WHERE name GLOB 'v[0-9]*'") ?? 0
    }

    /// The columns to add after `seq, tbl, op, key`: `, layout, v1, …`,
    /// or nothing when the history has no values.
    var selectedColumns: String {
        layouts.isEmpty ? "" : ", " + (["layout"] + ChangeHistoryValues.slots(slotCount)).joined(separator: ", ")
    }

    /// `entry` with the values of its `row` (`seq, tbl, op, key, layout,
    /// v1, …`); unchanged when the row has no layout (keys only).
    func entry(_ entry: ChangeHistoryEntry, _ row: Row) throws -> ChangeHistoryEntry {
        guard !layouts.isEmpty, case .integer(let layoutNumber) = row[4] else { return entry }
        guard let layout = layouts[layoutNumber] else {
            throw ChangeHistoryError(.historyDamaged, "plume_history row \(entry.token.sequence) names value layout \(layoutNumber), which plume_history_layout lacks")
        }
        let count = layout.columns.count
        let needed = entry.operation == .update ? 2 * count : count
        guard needed <= slotCount else {
            throw ChangeHistoryError(.historyDamaged, "plume_history row \(entry.token.sequence) needs \(needed) value columns, plume_history has \(slotCount)")
        }
        let slot = { (index: Int) in row[5 + index] }
        var old: Row?, new: Row?
        switch entry.operation {
        case .insert:
            new = Row(layout: layout, values: ContiguousArray((0..<count).map(slot)))
        case .delete, .conflict:
            old = Row(layout: layout, values: ContiguousArray((0..<count).map(slot)))
        case .update:
            let changed = (0..<count).filter { !slot(2 * $0).isNull || !slot(2 * $0 + 1).isNull }
            let changedLayout = RowLayout(columns: changed.map { layout.columns[$0] })
            old = Row(layout: changedLayout, values: ContiguousArray(changed.map { slot(2 * $0) }))
            new = Row(layout: changedLayout, values: ContiguousArray(changed.map { slot(2 * $0 + 1) }))
        case .enabled, .bulk:
            return entry
        }
        return ChangeHistoryEntry(token: entry.token, table: entry.table, operation: entry.operation, key: entry.key, date: entry.date,
                                  oldRow: old, newRow: new, hasValues: true)
    }
}
