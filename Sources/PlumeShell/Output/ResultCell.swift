import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One value of a result row, as the `sqlite3` shell sees it.
///
/// `text` is what `sqlite3_column_text` returns, cut at its first NUL byte
/// (the shell prints it with `%s`); `bytes` holds a blob's full content.
struct ResultCell {
    enum Kind { case null, integer, real, text, blob }

    var kind: Kind
    var text: [UInt8]
    var bytes: [UInt8] = []
    var double: Double = 0

    /// Whether the value is SQL NULL.
    var isNull: Bool { kind == .null }

    /// Reads column `index` of the current row of `statement`.
    ///
    /// Reading a blob as text in a UTF-16 database converts the blob's
    /// bytes in place, as `sqlite3` sees them in the modes that read it so;
    /// `readsBlobText` false (`insert` and `quote` modes) keeps them.
    init(statement: OpaquePointer, index: Int32, readsBlobText: Bool = true) {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_NULL:
            kind = .null
            text = []
        case SQLITE_INTEGER:
            kind = .integer
            text = ResultCell.cString(sqlite3_column_text(statement, index))
        case SQLITE_FLOAT:
            kind = .real
            double = sqlite3_column_double(statement, index)
            text = ResultCell.cString(sqlite3_column_text(statement, index))
        case SQLITE_BLOB:
            kind = .blob
            text = readsBlobText ? ResultCell.cString(sqlite3_column_text(statement, index)) : []
            let count = Int(sqlite3_column_bytes(statement, index))
            if count > 0, let pointer = sqlite3_column_blob(statement, index) {
                bytes = Array(UnsafeRawBufferPointer(start: pointer, count: count))
            }
        default:
            kind = .text
            text = ResultCell.cString(sqlite3_column_text(statement, index))
        }
    }

    /// A text cell (column names, values Plume computes itself).
    init(text: [UInt8]) {
        kind = .text
        self.text = text
    }

    private static func cString(_ pointer: UnsafePointer<UInt8>?) -> [UInt8] {
        guard let pointer else { return [] }
        let length = strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        return Array(UnsafeBufferPointer(start: pointer, count: length))
    }
}

/// The current row of a statement, read column by column.
extension Array where Element == ResultCell {
    init(row statement: OpaquePointer, columnCount: Int32, readsBlobText: Bool = true) {
        self = (0..<columnCount).map { ResultCell(statement: statement, index: $0, readsBlobText: readsBlobText) }
    }
}
