import CSQLite
import Foundation

/// A statement prepared on a raw connection handle, finalized when
/// released: the administrative dot-commands run SQL the way `sqlite3`
/// runs it, through the C API.
final class RawStatement {
    private(set) var handle: OpaquePointer?
    /// What `sqlite3_prepare_v2` returned.
    let prepareCode: Int32

    init(_ connection: OpaquePointer?, _ sql: String) {
        var statement: OpaquePointer?
        prepareCode = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        handle = statement
    }

    deinit { sqlite3_finalize(handle) }

    /// Steps once; whether a row came.
    func step() -> Bool { sqlite3_step(handle) == SQLITE_ROW }

    /// Finalizes now and returns `sqlite3_finalize`'s code.
    func finalize() -> Int32 {
        defer { handle = nil }
        return sqlite3_finalize(handle)
    }

    func text(_ column: Int32) -> [UInt8]? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column))))
    }

    func string(_ column: Int32) -> String? { text(column).map { String(decoding: $0, as: UTF8.self) } }

    func int(_ column: Int32) -> Int32 { sqlite3_column_int(handle, column) }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func bind(_ index: Int32, _ value: Int32) { sqlite3_bind_int(handle, index, value) }

    func bind(_ index: Int32, _ text: [UInt8]) {
        _ = text.withCString { sqlite3_bind_text(handle, index, $0, Int32(text.count), plume_sqlite_transient()) }
    }
}

extension Shell {
    /// `sqlite3_errmsg` of a connection as bytes.
    static func errorMessage(_ connection: OpaquePointer?) -> [UInt8] {
        [UInt8](cString: sqlite3_errmsg(connection))
    }

    /// The first column of the first row of a query, as an integer
    /// (`sqlite3`'s `db_int`).
    static func integer(_ connection: OpaquePointer?, _ sql: String) -> Int32 {
        let statement = RawStatement(connection, sql)
        return statement.step() ? statement.int(0) : 0
    }

    /// SQL text as a literal, `%Q`-style (`'it''s'`).
    static func literal(_ text: [UInt8]) -> String {
        "'" + String(decoding: text, as: UTF8.self).replacingEvery("'", with: "''") + "'"
    }

    /// An identifier in double quotes, `"%w"`-style.
    static func quotedIdentifier(_ text: [UInt8]) -> String {
        "\"" + String(decoding: text, as: UTF8.self).replacingEvery("\"", with: "\"\"") + "\""
    }
}
