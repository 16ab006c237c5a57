import Foundation
import Persistence

/// The connection the date and JSON targets ask SQLite on.
private nonisolated(unsafe) let functionOracle = SQLiteOracle(schema: "")

/// A record with a nested object, which Plume stores as JSON text.
private struct NestedObject: Decodable, FetchableRecord, Sendable {
    var payload: [String: JSONTree]
}

/// A record with a nested array, which Plume stores as JSON text.
private struct NestedArray: Decodable, FetchableRecord, Sendable {
    var payload: [JSONTree]
}

/// Any JSON value, decoded without a schema.
private enum JSONTree: Decodable, Equatable, Sendable {
    case null, bool(Bool), number(Double), string(String), array([JSONTree]), object([String: JSONTree])

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONTree] = []
            while !array.isAtEnd { items.append(try array.decode(JSONTree.self)) }
            self = .array(items)
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: JSONTree] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONTree.self, forKey: key) }
            self = .object(members)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() { self = .null } else if let bool = try? value.decode(Bool.self) { self = .bool(bool) } else if let number = try? value.decode(Double.self) { self = .number(number) } else { self = .string(try value.decode(String.self)) }
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension FuzzTarget {
    /// Date text: what Plume reads as a date, SQLite's `julianday` reads
    /// as the same instant (to the millisecond SQLite keeps).
    static let dateText = FuzzTarget(
        name: "date-text",
        summary: "date text Plume reads as a Date, julianday() reads as the same instant"
    ) { input in
        let text = input.text
        guard let date = Date.fromDatabaseValue(.text(text)) else { return }
        guard let julian = functionOracle.value(of: "julianday(?1)", text: Array(text.utf8)), julian.type == SQLITE_FLOAT_TYPE,
              let days = Double(julian.text) else {
            fatalError("Plume reads \(text.debugDescription) as \(date.timeIntervalSince1970), SQLite's julianday() as no date")
        }
        let seconds = (days - 2_440_587.5) * 86_400
        guard abs(seconds - date.timeIntervalSince1970) <= 0.002 else {
            fatalError("Plume reads \(text.debugDescription) as \(date.timeIntervalSince1970) s, julianday() as \(seconds) s")
        }
    }

    /// JSON columns: text Plume decodes as a nested value is text SQLite's
    /// `json_valid` accepts, and an error names the column.
    static let jsonColumn = FuzzTarget(
        name: "json-column",
        summary: "JSON text Plume decodes into a nested Decodable value, json_valid() accepts; errors name the column"
    ) { input in
        let text = input.text
        let row = RowView(Row(["payload": .text(text)]))
        var decoded = false
        for decode in [{ _ = try NestedObject(row: row) }, { _ = try NestedArray(row: row) }] {
            do {
                try decode()
                decoded = true
            } catch {
                guard "\(error)".contains("payload") else { fatalError("the error does not name the column payload: \(error)") }
            }
        }
        guard decoded else { return }
        guard let valid = functionOracle.value(of: "json_valid(?1)", text: Array(text.utf8)), valid.text == "1" else {
            fatalError("Plume decodes \(text.debugDescription) as JSON, SQLite's json_valid() refuses it")
        }
    }
}

/// `SQLITE_FLOAT`, which the importer may not bring in as a constant.
private let SQLITE_FLOAT_TYPE: Int32 = 2
