import CSQLite

/// A failure of a virtual table method: the result code, and the message
/// SQLite reports (none for codes such as `SQLITE_CONSTRAINT` that only
/// steer the query planner).
struct VirtualTableFailure: Error {
    var code: Int32 = SQLITE_ERROR
    var message: [UInt8]?

    init(code: Int32 = SQLITE_ERROR, _ message: [UInt8]? = nil) {
        self.code = code
        self.message = message
    }

    init(_ message: String) { self.init(Array(message.utf8)) }
}

/// A scan of an eponymous virtual table: one per `xOpen`.
protocol VirtualTableCursor: AnyObject {
    /// Starts the scan with the plan ``ShellVirtualTable/bestIndex``
    /// chose and the values of the constraints it asked for.
    func filter(plan: Int32, arguments: [OpaquePointer?]) throws(VirtualTableFailure)
    func next() throws(VirtualTableFailure)
    var isAtEnd: Bool { get }
    func column(_ context: OpaquePointer, _ index: Int32)
    var rowid: Int64 { get }
}

/// An eponymous-only virtual table module (no `CREATE VIRTUAL TABLE`), as
/// `sqlite3`'s table-valued functions are: SQLite's C callbacks dispatch
/// to the Swift definition kept as the module's client data, and to the
/// Swift cursor kept next to each C cursor.
final class ShellVirtualTable {
    /// The `CREATE TABLE x(…)` declaration.
    let schema: String
    /// `SQLITE_VTAB_INNOCUOUS` or `SQLITE_VTAB_DIRECTONLY`.
    let configuration: Int32
    let bestIndex: (UnsafeMutablePointer<sqlite3_index_info>) throws(VirtualTableFailure) -> Void
    let makeCursor: (OpaquePointer) -> any VirtualTableCursor

    init(schema: String, configuration: Int32,
         bestIndex: @escaping (UnsafeMutablePointer<sqlite3_index_info>) throws(VirtualTableFailure) -> Void,
         makeCursor: @escaping (OpaquePointer) -> any VirtualTableCursor) {
        self.schema = schema
        self.configuration = configuration
        self.bestIndex = bestIndex
        self.makeCursor = makeCursor
    }

    /// Registers the module under `name` on the connection.
    func register(on connection: OpaquePointer, name: String) {
        sqlite3_create_module_v2(connection, name, ShellVirtualTable.module, Unmanaged.passRetained(self).toOpaque()) { data in
            if let data { Unmanaged<ShellVirtualTable>.fromOpaque(data).release() }
        }
    }

    // Memory layouts: the C structures, then the Swift object (and, for a
    // table, its connection).
    private static let tableSize = MemoryLayout<sqlite3_vtab>.stride
    private static let cursorSize = MemoryLayout<sqlite3_vtab_cursor>.stride
    private static let pointerSize = MemoryLayout<UnsafeRawPointer>.size

    private static func definition(_ table: UnsafeMutablePointer<sqlite3_vtab>) -> ShellVirtualTable {
        let slot = UnsafeMutableRawPointer(table).load(fromByteOffset: tableSize, as: UnsafeRawPointer.self)
        return Unmanaged<ShellVirtualTable>.fromOpaque(slot).takeUnretainedValue()
    }

    private static func cursor(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>) -> any VirtualTableCursor {
        let slot = UnsafeMutableRawPointer(cursor).load(fromByteOffset: cursorSize, as: UnsafeRawPointer.self)
        return Unmanaged<AnyObject>.fromOpaque(slot).takeUnretainedValue() as! any VirtualTableCursor
    }

    /// Sets the table's error message and returns the failure's code.
    private static func report(_ failure: VirtualTableFailure, on table: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 {
        if let table, let message = failure.message {
            sqlite3_free(table.pointee.zErrMsg)
            table.pointee.zErrMsg = SQLValue.sqliteString(message)
        }
        return failure.code
    }

    nonisolated(unsafe) private static let module: UnsafeMutablePointer<sqlite3_module> = {
        let module = UnsafeMutablePointer<sqlite3_module>.allocate(capacity: 1)
        module.initialize(to: sqlite3_module())
        module.pointee.xConnect = { connection, data, _, _, table, _ in
            guard let connection, let data, let table else { return SQLITE_ERROR }
            let definition = Unmanaged<ShellVirtualTable>.fromOpaque(data).takeUnretainedValue()
            let code = sqlite3_declare_vtab(connection, definition.schema)
            guard code == SQLITE_OK else { return code }
            guard let memory = sqlite3_malloc64(sqlite3_uint64(tableSize + 2 * pointerSize)) else { return SQLITE_NOMEM }
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: tableSize)
            memory.storeBytes(of: UnsafeRawPointer(data), toByteOffset: tableSize, as: UnsafeRawPointer.self)
            memory.storeBytes(of: connection, toByteOffset: tableSize + pointerSize, as: OpaquePointer.self)
            table.pointee = memory.assumingMemoryBound(to: sqlite3_vtab.self)
            plume_vtab_config(connection, definition.configuration)
            return SQLITE_OK
        }
        module.pointee.xDisconnect = { table in
            sqlite3_free(table)
            return SQLITE_OK
        }
        module.pointee.xBestIndex = { table, info in
            guard let table, let info else { return SQLITE_ERROR }
            do throws(VirtualTableFailure) {
                try definition(table).bestIndex(info)
                return SQLITE_OK
            } catch {
                return report(error, on: table)
            }
        }
        module.pointee.xOpen = { table, cursorOut in
            guard let table, let cursorOut else { return SQLITE_ERROR }
            guard let memory = sqlite3_malloc64(sqlite3_uint64(cursorSize + pointerSize)) else { return SQLITE_NOMEM }
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: cursorSize)
            let connection = UnsafeMutableRawPointer(table).load(fromByteOffset: tableSize + pointerSize, as: OpaquePointer.self)
            let object = definition(table).makeCursor(connection)
            memory.storeBytes(of: UnsafeRawPointer(Unmanaged.passRetained(object as AnyObject).toOpaque()),
                              toByteOffset: cursorSize, as: UnsafeRawPointer.self)
            cursorOut.pointee = memory.assumingMemoryBound(to: sqlite3_vtab_cursor.self)
            return SQLITE_OK
        }
        module.pointee.xClose = { cursor in
            guard let cursor else { return SQLITE_OK }
            let slot = UnsafeMutableRawPointer(cursor).load(fromByteOffset: cursorSize, as: UnsafeRawPointer.self)
            Unmanaged<AnyObject>.fromOpaque(slot).release()
            sqlite3_free(cursor)
            return SQLITE_OK
        }
        module.pointee.xFilter = { cursorPointer, plan, _, count, values in
            guard let cursorPointer else { return SQLITE_ERROR }
            do throws(VirtualTableFailure) {
                try cursor(cursorPointer).filter(plan: plan, arguments: Array(UnsafeBufferPointer(start: values, count: Int(count))))
                return SQLITE_OK
            } catch {
                return report(error, on: cursorPointer.pointee.pVtab)
            }
        }
        module.pointee.xNext = { cursorPointer in
            guard let cursorPointer else { return SQLITE_ERROR }
            do throws(VirtualTableFailure) {
                try cursor(cursorPointer).next()
                return SQLITE_OK
            } catch {
                return report(error, on: cursorPointer.pointee.pVtab)
            }
        }
        module.pointee.xEof = { cursorPointer in
            guard let cursorPointer else { return 1 }
            return cursor(cursorPointer).isAtEnd ? 1 : 0
        }
        module.pointee.xColumn = { cursorPointer, context, index in
            guard let cursorPointer, let context else { return SQLITE_ERROR }
            cursor(cursorPointer).column(context, index)
            return SQLITE_OK
        }
        module.pointee.xRowid = { cursorPointer, rowid in
            guard let cursorPointer, let rowid else { return SQLITE_ERROR }
            rowid.pointee = cursor(cursorPointer).rowid
            return SQLITE_OK
        }
        return module
    }()
}
