import Foundation
import Persistence

/// Values written as SQL literals, by the rules of the shell's `insert`
/// mode: what `plume history show --values` prints.
public enum SQLLiteral {
    /// `value` as SQL source that reads back as the same value: `NULL`,
    /// an integer, a real with 17 significant digits (`1.0` keeps its
    /// `.0`, `-0.0` its sign, ±Infinity is `1e999`/`-1e999`), `X'…'` for a
    /// blob, and `'…'` with `'` doubled for text — text with control
    /// characters (a newline, a `NUL`) as the shell writes it in `insert`
    /// mode for newlines, `CAST(X'…' AS TEXT)` when it holds a `NUL`, which
    /// no SQL string literal can.
    ///
    /// - Parameter value: The value to write.
    /// - Returns: The literal.
    public static func literal(_ value: DatabaseValue) -> String {
        var output: [UInt8] = []
        switch value {
        case .null:
            return "NULL"
        case .integer(let integer):
            return String(integer)
        case .real(let real):
            if real == 0 && real.sign == .minus { return "-0.0" }
            SQLiteText.appendPrecise(real, integralAsInteger: true, to: &output)
        case .blob(let data):
            data.withUnsafeBytes { SQLiteText.appendHexBlob($0.bindMemory(to: UInt8.self), to: &output) }
        case .text(let text):
            let bytes = Array(text.utf8)
            if bytes.contains(0) {
                output.append(contentsOf: Array("CAST(".utf8))
                bytes.withUnsafeBufferPointer { SQLiteText.appendHexBlob($0, to: &output) }
                output.append(contentsOf: Array(" AS TEXT)".utf8))
            } else {
                output = ValueQuoting.escapedSQLString(bytes)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
