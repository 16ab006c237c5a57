import CSQLite

/// A raw SQLite connection the targets ask for SQLite's own reading of a
/// query: whether it compiles, which tables it reads (the authorizer's
/// `SQLITE_READ` actions), whether it aggregates (`EXPLAIN`), its rows.
/// Nothing of Plume runs on it.
final class SQLiteOracle {
    /// A result value as SQLite gives it: its type and its text.
    struct Value: Hashable, Comparable, CustomStringConvertible {
        var type: Int32
        var text: String
        static func < (a: Value, b: Value) -> Bool { (a.type, a.text) < (b.type, b.text) }
        var description: String { type == SQLITE_NULL ? "NULL" : "\(type):\(text)" }
    }

    /// How SQLite reads one statement.
    struct Reading {
        /// The tables the statement reads.
        var tables: Set<String>
        /// Whether its program steps an aggregate.
        var aggregates: Bool
        /// The result column names.
        var columns: [String]
    }

    private var handle: OpaquePointer?
    /// The tables the authorizer saw read, while ``read(_:)`` prepares.
    fileprivate var tablesRead: Set<String> = []

    /// Opens an in-memory database and runs `schema` on it.
    init(schema: String) {
        guard sqlite3_open(":memory:", &handle) == SQLITE_OK, sqlite3_exec(handle, schema, nil, nil, nil) == SQLITE_OK else {
            FuzzTarget.fail("the oracle's schema does not run: \(message)")
        }
        sqlite3_set_authorizer(handle, { context, action, first, _, _, _ in
            if action == SQLITE_READ, let first {
                // SQLite names are case-insensitive (ASCII): the authorizer gives them as written.
                Unmanaged<SQLiteOracle>.fromOpaque(context!).takeUnretainedValue().tablesRead.insert(String(cString: first).lowercased())
            }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        sqlite3_close(handle)
    }

    var message: String { String(cString: sqlite3_errmsg(handle)) }

    /// Compiles one statement; nil when it does not compile, or when text
    /// other than space, comments and `;` follows it.
    fileprivate func prepare(_ sql: String) -> OpaquePointer? {
        var statement: OpaquePointer?
        var tailIsBlank = false
        let code = sql.withCString { text -> Int32 in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
            if let tail {
                var rest: OpaquePointer?
                tailIsBlank = sqlite3_prepare_v2(handle, tail, -1, &rest, nil) == SQLITE_OK && rest == nil
                sqlite3_finalize(rest)
            }
            return code
        }
        guard code == SQLITE_OK, statement != nil, tailIsBlank else {
            sqlite3_finalize(statement)
            return nil
        }
        return statement
    }

    /// SQLite's reading of a statement; nil when it does not compile.
    func read(_ sql: String) -> Reading? {
        tablesRead = []
        guard let statement = prepare(sql) else { return nil }
        defer { sqlite3_finalize(statement) }
        let tables = tablesRead
        let columns = (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
        var aggregates = false
        if let explain = prepare("EXPLAIN \(sql)") {
            while sqlite3_step(explain) == SQLITE_ROW {
                if let opcode = sqlite3_column_text(explain, 1), String(cString: opcode).hasPrefix("Agg") { aggregates = true }
            }
            sqlite3_finalize(explain)
        }
        return Reading(tables: tables, aggregates: aggregates, columns: columns)
    }

    /// The rows of a query, its named parameters bound (others NULL); nil
    /// when it does not compile or fails.
    func rows(_ sql: String, binding named: [String: Int64] = [:]) -> [[Value]]? {
        guard let statement = prepare(sql) else { return nil }
        defer { sqlite3_finalize(statement) }
        for (name, value) in named {
            let index = sqlite3_bind_parameter_index(statement, name)
            if index > 0 { sqlite3_bind_int64(statement, index, value) }
        }
        var rows: [[Value]] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                rows.append((0..<sqlite3_column_count(statement)).map { column in
                    let type = sqlite3_column_type(statement, column)
                    let text = sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
                    return Value(type: type, text: type == SQLITE_BLOB ? blobHex(statement, column) : text)
                })
            case SQLITE_DONE:
                return rows
            default:
                return nil
            }
        }
    }

    private func blobHex(_ statement: OpaquePointer, _ column: Int32) -> String {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard let bytes = sqlite3_column_blob(statement, column) else { return "" }
        return UnsafeRawBufferPointer(start: bytes, count: count).map { String($0, radix: 16) }.joined(separator: ".")
    }
}

extension SQLiteOracle {
    /// The value of a one-parameter expression (`julianday(?)`) for a text
    /// argument; nil when it fails.
    func value(of expression: String, text: [UInt8]) -> Value? {
        guard let statement = prepare("SELECT \(expression)") else { return nil }
        defer { sqlite3_finalize(statement) }
        // SQLITE_TRANSIENT: SQLite copies the text.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        _ = (text + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sqlite3_bind_text(statement, 1, $0.baseAddress, Int32(text.count), transient) }
        }
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        let type = sqlite3_column_type(statement, 0)
        return Value(type: type, text: sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
    }
}
