import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The current row of a statement, read in place: the printers copy each
/// value's bytes from SQLite's memory straight into the output, with no
/// array or cell per value (``ResultCell`` is the owned form, for the
/// printers that keep rows).
///
/// A value's bytes stay valid until the statement steps again or reads
/// the same column as another type.
struct StatementRow {
    let statement: OpaquePointer
    let count: Int

    /// SQLite's fundamental type of column `index` (`SQLITE_NULL`…).
    @inline(__always)
    func type(_ index: Int) -> Int32 {
        sqlite3_column_type(statement, Int32(index))
    }

    /// What `sqlite3_column_text` returns, cut at its first NUL byte (the
    /// shell prints it with `%s`); empty for NULL.
    @inline(__always)
    func text(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        guard let pointer = sqlite3_column_text(statement, Int32(index)) else { return UnsafeBufferPointer(start: nil, count: 0) }
        let length = strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        return UnsafeBufferPointer(start: pointer, count: length)
    }

    /// A blob's full content (read after its text, as ``ResultCell`` does,
    /// so that a UTF-16 database converts it the same way).
    func blob(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let count = Int(sqlite3_column_bytes(statement, Int32(index)))
        guard count > 0, let pointer = sqlite3_column_blob(statement, Int32(index)) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Column `index` as a real.
    func double(_ index: Int) -> Double {
        sqlite3_column_double(statement, Int32(index))
    }
}
