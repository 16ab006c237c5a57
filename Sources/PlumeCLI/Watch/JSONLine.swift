import FetchedResults
import Foundation
import Persistence

/// The JSON of `plume watch --format jsonl`: one object per line. The
/// initial event, `{"event":"initial","sections":[{"name":…,"rows":[ROW,…]},…]}`,
/// is written in pieces as it is encoded
/// (``JSONLineEncoder/writeInitial(_:write:)``).
enum JSONLine {
    /// `{"event":"change","sections":{…},"rows":{…}}`
    static func change(_ changes: ChangeSet<Row>) -> String {
        let deletedSections = changes.deletedSections.map(String.init).joined(separator: ",")
        let insertedSections = changes.insertedSections.map {
            "{\"index\":\($0.index),\"name\":\(value($0.section.name)),\"rows\":[\(rows($0.section.items))]}"
        }
        let deleted = changes.deletedRows.map(path).joined(separator: ",")
        let inserted = changes.insertedRows.map { "{\"to\":\(path($0.indexPath)),\"row\":\(row($0.item))}" }
        let moved = changes.movedRows.map { "{\"from\":\(path($0.from)),\"to\":\(path($0.to)),\"row\":\(row($0.item))}" }
        let updated = changes.updatedRows.map { "{\"from\":\(path($0.from)),\"to\":\(path($0.to)),\"row\":\(row($0.item))}" }
        return "{\"event\":\"change\",\"sections\":{\"deleted\":[\(deletedSections)],\"inserted\":[\(insertedSections.joined(separator: ","))]},"
            + "\"rows\":{\"deleted\":[\(deleted)],\"inserted\":[\(inserted.joined(separator: ","))],"
            + "\"moved\":[\(moved.joined(separator: ","))],\"updated\":[\(updated.joined(separator: ","))]}}"
    }

    /// `[S,R]`
    static func path(_ indexPath: IndexPath) -> String {
        "[\(indexPath.section),\(indexPath.item)]"
    }

    static func rows(_ rows: [Row]) -> String {
        rows.map(row).joined(separator: ",")
    }

    /// A row as an object of its columns, in query order (the first of
    /// two columns with one name wins, as in ``Row``).
    static func row(_ row: Row) -> String {
        var encoder = JSONLineEncoder()
        encoder.append(row)
        return String(decoding: encoder.bytes, as: UTF8.self)
    }

    /// A value: a number, a string, null, or `{"base64":"…"}` for a blob.
    ///
    /// ±Infinity, which JSON cannot spell, is written as SQLite's JSON
    /// functions write it, `9e999` and `-9e999`: numbers every JSON parser
    /// reads back as ±Infinity (a NaN, which SQLite stores as `NULL`, is
    /// `null`).
    static func value(_ value: DatabaseValue) -> String {
        var encoder = JSONLineEncoder()
        encoder.append(value)
        return String(decoding: encoder.bytes, as: UTF8.self)
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String {
        var encoder = JSONLineEncoder()
        var text = text
        text.withUTF8 { encoder.appendString($0) }
        return String(decoding: encoder.bytes, as: UTF8.self)
    }
}
