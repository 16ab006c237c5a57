import FetchedResults
import Foundation
import Persistence

/// The JSON of `plume watch --format jsonl`: one object per line.
enum JSONLine {
    /// `{"event":"initial","sections":[{"name":…,"rows":[ROW,…]},…]}`
    static func initial(_ sections: [ListSection<Row>]) -> String {
        let sections = sections.map { "{\"name\":\(value($0.name)),\"rows\":[\(rows($0.items))]}" }
        return "{\"event\":\"initial\",\"sections\":[\(sections.joined(separator: ","))]}"
    }

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
        var seen: Set<String> = []
        var members: [String] = []
        for (name, value) in zip(row.columnNames, row.values) where seen.insert(name).inserted {
            members.append("\(string(name)):\(self.value(value))")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A value: a number, a string, null, or `{"base64":"…"}` for a blob.
    ///
    /// ±Infinity, which JSON cannot spell, is written as SQLite's JSON
    /// functions write it, `9e999` and `-9e999`: numbers every JSON parser
    /// reads back as ±Infinity (a NaN, which SQLite stores as `NULL`, is
    /// `null`).
    static func value(_ value: DatabaseValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let integer): String(integer)
        case .real(let real) where real.isFinite: "\(real)"
        case .real(let real) where real.isInfinite: real > 0 ? "9e999" : "-9e999"
        case .real: "null"
        case .text(let text): string(text)
        case .blob(let data): "{\"base64\":\"\(data.base64EncodedString())\"}"
        }
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < UInt8(ascii: " "):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
