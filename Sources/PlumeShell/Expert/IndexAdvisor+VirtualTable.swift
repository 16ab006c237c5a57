import CSQLite
import Foundation

/// The `expert` virtual table module: a stand-in for each real table that
/// records how queries would scan it.
extension IndexAdvisor {
    /// The `sqlite3_vtab` of a stand-in, followed by its advisor and table.
    private struct StandIn {
        var base = sqlite3_vtab()
        var advisor: UnsafeMutableRawPointer?
        var table = 0
    }

    // SQLite reads the module for as long as the connection lives; it
    // never changes after it is made.
    nonisolated(unsafe) private static let module: UnsafeMutablePointer<sqlite3_module> = {
        let module = UnsafeMutablePointer<sqlite3_module>.allocate(capacity: 1)
        var value = sqlite3_module()
        value.iVersion = 2
        value.xCreate = { connection, context, count, arguments, table, error in
            IndexAdvisor.connect(connection, context, count, arguments, table, error)
        }
        value.xConnect = value.xCreate
        value.xBestIndex = { table, info in
            let standIn = UnsafeMutableRawPointer(table!).assumingMemoryBound(to: StandIn.self)
            let advisor = Unmanaged<IndexAdvisor>.fromOpaque(standIn.pointee.advisor!).takeUnretainedValue()
            advisor.recordScan(of: standIn.pointee.table, info!)
            return SQLITE_OK
        }
        value.xDisconnect = { table in
            UnsafeMutableRawPointer(table!).assumingMemoryBound(to: StandIn.self).deallocate()
            return SQLITE_OK
        }
        value.xDestroy = value.xDisconnect
        value.xOpen = { _, cursor in
            cursor!.pointee = UnsafeMutablePointer<sqlite3_vtab_cursor>.allocate(capacity: 1)
            cursor!.pointee!.initialize(to: sqlite3_vtab_cursor())
            return SQLITE_OK
        }
        value.xClose = { cursor in
            cursor?.deallocate()
            return SQLITE_OK
        }
        // Stand-ins are prepared against, never read: they hold no rows.
        value.xFilter = { _, _, _, _, _ in SQLITE_OK }
        value.xNext = { _ in SQLITE_OK }
        value.xEof = { _ in 1 }
        value.xColumn = { _, _, _ in SQLITE_OK }
        value.xRowid = { _, rowid in
            rowid?.pointee = 0
            return SQLITE_OK
        }
        value.xUpdate = { _, _, _, _ in SQLITE_OK }
        module.initialize(to: value)
        return module
    }()

    /// `expertConnect`: declares the stand-in with the columns its
    /// argument lists.
    private static func connect(_ connection: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ count: Int32,
                                _ arguments: UnsafePointer<UnsafePointer<CChar>?>?,
                                _ table: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?,
                                _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        guard count == 4, let declaration = arguments?[3] else {
            let message = Array("internal error!".utf8CString)
            let copy = sqlite3_malloc(Int32(message.count))?.assumingMemoryBound(to: CChar.self)
            copy?.update(from: message, count: message.count)
            error?.pointee = copy
            return SQLITE_ERROR
        }
        // The argument is a string literal: drop its quotes.
        let quoted = [UInt8](cString: declaration)
        let create = String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self).replacingEvery("''", with: "'")
        let code = sqlite3_declare_vtab(connection, create)
        guard code == SQLITE_OK else { return code }
        let advisor = Unmanaged<IndexAdvisor>.fromOpaque(context!).takeUnretainedValue()
        let standIn = UnsafeMutablePointer<StandIn>.allocate(capacity: 1)
        standIn.initialize(to: StandIn(advisor: context, table: advisor.tableBeingCreated))
        table?.pointee = UnsafeMutableRawPointer(standIn).assumingMemoryBound(to: sqlite3_vtab.self)
        return SQLITE_OK
    }

    /// `expertBestIndex`: the usable =, <, <=, >, >= constraints on
    /// columns other than the one-column primary key, and the ORDER BY.
    private func recordScan(of table: Int, _ info: UnsafeMutablePointer<sqlite3_index_info>) {
        let scan = Scan(table: table)
        scans.insert(scan, at: 0)
        let operators = Int32(SQLITE_INDEX_CONSTRAINT_EQ | SQLITE_INDEX_CONSTRAINT_GT | SQLITE_INDEX_CONSTRAINT_LT
                              | SQLITE_INDEX_CONSTRAINT_GE | SQLITE_INDEX_CONSTRAINT_LE)
        var used: Int32 = 0
        let columns = tables[table].columns
        for index in 0..<Int(info.pointee.nConstraint) {
            let constraint = info.pointee.aConstraint[index]
            let column = Int(constraint.iColumn)
            guard constraint.usable != 0, column >= 0, !columns[column].isPrimaryKey,
                  Int32(constraint.op) & operators != 0 else { continue }
            let term = Term(column: column, collation: String(cString: sqlite3_vtab_collation(info, Int32(index))))
            if Int32(constraint.op) == SQLITE_INDEX_CONSTRAINT_EQ {
                scan.equalities.insert(term, at: 0)
            } else {
                scan.ranges.insert(term, at: 0)
            }
            used += 1
            info.pointee.aConstraintUsage[index].argvIndex = used
        }
        for index in stride(from: Int(info.pointee.nOrderBy) - 1, through: 0, by: -1) {
            let term = info.pointee.aOrderBy[index]
            let column = Int(term.iColumn)
            guard column >= 0 else { continue }
            let order = Term(column: column, collation: columns[column].collation)
            order.descending = term.desc != 0
            order.link = scan.order
            scan.order = order
            used += 1
        }
        info.pointee.estimatedCost = 1_000_000.0 / Double(used + 1)
    }

    /// `idxCreateVtabSchema`: a stand-in for each table, and the views and
    /// their triggers as they are.
    func createVirtualSchema() throws(AdvisorFailure) {
        guard sqlite3_create_module(virtualSchema, "expert", Self.module, Unmanaged.passUnretained(self).toOpaque()) == SQLITE_OK else {
            throw AdvisorFailure(message: Shell.errorMessage(virtualSchema))
        }
        let schema = RawStatement(database, "SELECT type, name, sql, 1 FROM sqlite_schema WHERE type IN ('table','view')"
            + " AND name NOT LIKE 'sqlite_%'  UNION ALL SELECT type, name, sql, 2 FROM sqlite_schema WHERE type = 'trigger'"
            + "  AND tbl_name IN(SELECT name FROM sqlite_schema WHERE type = 'view') ORDER BY 4, 1")
        guard schema.prepareCode == SQLITE_OK else { throw AdvisorFailure(message: Shell.errorMessage(database)) }
        while schema.step() {
            guard let type = schema.text(0), let name = schema.string(1) else { continue }
            if type.first == UInt8(ascii: "v") || (type.count > 1 && type[1] == UInt8(ascii: "r")) {
                if let sql = schema.text(2) { try run(sql, on: virtualSchema) }
                continue
            }
            let table = try tableInfo(name)
            tables.append(table)
            tableBeingCreated = tables.count - 1
            let inner = "CREATE TABLE x(" + table.columns.map { Shell.literal(Array($0.name.utf8)) + " COLLATE " + $0.collation }
                .joined(separator: ", ") + ")"
            let create = "CREATE VIRTUAL TABLE " + Shell.literal(Array(name.utf8)) + " USING expert(" + Shell.literal(Array(inner.utf8)) + ")"
            try run(Array(create.utf8), on: virtualSchema)
        }
    }

    /// `idxGetTableInfo`: the columns of a table, with their collations.
    private func tableInfo(_ name: String) throws(AdvisorFailure) -> Table {
        let columns = RawStatement(database, "PRAGMA table_xinfo=" + Shell.literal(Array(name.utf8)))
        guard columns.prepareCode == SQLITE_OK else { throw AdvisorFailure(message: Shell.errorMessage(database)) }
        var rows: [(name: String, key: Int32)] = []
        while columns.step() {
            guard let column = columns.string(1) else { throw AdvisorFailure(message: Shell.errorMessage(database)) }
            rows.append((column, columns.int(5)))
        }
        let keyColumns = rows.filter { $0.key > 0 }.count
        return Table(name: name, columns: rows.map { row in
            var collation: UnsafePointer<CChar>?
            sqlite3_table_column_metadata(database, "main", name, row.name, nil, &collation, nil, nil, nil)
            return (row.name, collation.map { String(cString: $0) } ?? "binary", row.key == 1 && keyColumns == 1)
        })
    }
}
