import Foundation
import PlumeSyncProtocol
import PlumeTestSupport
import Testing

/// The bootstrap reader that fills rows in table order straight from the
/// bytes (``SyncColumnLayout``) against the reader of rows as
/// dictionaries: seeded random tables and pages, written in the servers'
/// sorted order, in a shuffled order, and with member names spelled with
/// escapes, read the same.
@Suite struct SyncBootstrapColumnsTests {
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func pagesReadIntoColumnOrderAsTheDictionaryReaderReadsThem(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let pool = ["id", "name", "a", "ab", "abc", "b", "A", "é", "e\u{301}x", "日本", "😀", "quo\"te", "back\\slash", "tab\tbed",
                    "nul\u{0}", "{", "zz", "price", "qty", ""]
        for round in 0..<200 {
            let columns = Array(pool.shuffled(using: &random).prefix(Int.random(in: 1...8, using: &random)))
            let layout = SyncColumnLayout(columns: columns)
            let unknownNames = pool.filter { !columns.contains($0) } + ["unknown"]
            let rows: [SyncBootstrapRow] = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                var values: SyncRow = [:]
                for column in columns where Int.random(in: 0..<5, using: &random) > 0 {
                    values[column] = SyncJSONReaderTests.value(&random)
                }
                if Int.random(in: 0..<12, using: &random) == 0 { values[unknownNames.randomElement(using: &random)!] = .integer(7) }
                return SyncBootstrapRow(key: SyncJSONReaderTests.key(&random), values: values)
            }
            let head = SyncJSONReaderTests.integer(&random)
            let next: String? = Bool.random(using: &random) ? SyncJSONReaderTests.text(&random) : nil
            for spelling in Spelling.allCases {
                let body = Array(Self.page(rows, head: head, next: next, spelling, &random).utf8)
                let context = "seed \(seed), round \(round), \(spelling): \(String(decoding: body, as: UTF8.self))"
                let dictionaries = try SyncJSONReader.decode(body) { try $0.readBootstrapResponse() }
                let page = try SyncJSONReader.decode(body) { try $0.readBootstrapColumns(layout) }
                #expect(page.keys == dictionaries.rows.map(\.key), "\(context)")
                #expect(page.head == dictionaries.head && page.next == dictionaries.next, "\(context)")
                let expected = dictionaries.rows.flatMap { row in columns.map { row.values[$0] ?? .null } }
                #expect(page.values == expected, "\(context)")
                let unknown = Set(dictionaries.rows.flatMap { $0.values.keys.filter { !columns.contains($0) } })
                #expect((page.unknownColumn != nil) == !unknown.isEmpty, "\(context)")
                if let name = page.unknownColumn { #expect(unknown.contains(name), "\(context)") }
            }
        }
    }

    @Test func malformedRowsNameWhatIsWrongAndWhere() throws {
        let layout = SyncColumnLayout(columns: ["id", "name"])
        func failure(_ text: String) -> String {
            do {
                _ = try SyncJSONReader.decode(Array(text.utf8)) { try $0.readBootstrapColumns(layout) }
                return "accepted"
            } catch let error as SyncJSONError {
                return error.description
            } catch {
                return "\(error)"
            }
        }
        #expect(failure(#"{"rows":[{"key":[1],"values":{"id":1,"name":"a"}}]}"#).contains("missing member \"head\""))
        #expect(failure(#"{"rows":[{"key":[1]}],"head":1}"#).contains("rows[0]: missing member \"values\""))
        #expect(failure(#"{"rows":[{"values":{"id":1}}],"head":1}"#).contains("rows[0]: missing member \"key\""))
        #expect(failure(#"{"rows":[{"key":[1],"values":{"id":1,"name":tru}}],"head":1}"#).contains("rows[0].values.name"))
        #expect(failure(#"{"rows":[{"key":[1],"values":{"id":1 "name":2}}],"head":1}"#).contains("expected , or } in an object"))
        #expect(failure(#"{"rows":[{"key":[1],"values":{"id"1}}],"head":1}"#).contains("expected : after member \"id\""))
        #expect(failure(#"{"rows":[{"key":[1],"values":{"id":1,"na"#).contains("rows[0].values"))
        #expect(failure(#"{"rows":[{"key":[1],"values":{"id":1,"name":"a"}}],"head":1,"next":null}"#) == "accepted")
    }

    /// How a page's row members are written.
    enum Spelling: CaseIterable {
        /// Sorted by name, minimal escapes: what servers write.
        case sorted
        /// In a random order.
        case shuffled
        /// In a random order, some names spelled with `\u` escapes.
        case escaped
    }

    static func page(_ rows: [SyncBootstrapRow], head: Int64, next: String?, _ spelling: Spelling, _ random: inout SeededGenerator) -> String {
        var out = "{\"rows\":["
        for (index, row) in rows.enumerated() {
            if index > 0 { out += "," }
            out += "{\"key\":\(SyncJSON.keyText(row.key)),\"values\":"
            switch spelling {
            case .sorted:
                out += SyncJSON.objectText(row.values)
            case .shuffled, .escaped:
                out += "{"
                for (position, (name, value)) in row.values.shuffled(using: &random).enumerated() {
                    if position > 0 { out += "," }
                    if spelling == .escaped && Bool.random(using: &random) {
                        out += "\"" + name.unicodeScalars.map(Self.escaped).joined() + "\""
                    } else {
                        SyncJSON.appendString(name, to: &out)
                    }
                    out += ":"
                    SyncJSON.append(value, to: &out)
                }
                out += "}"
            }
            out += "}"
        }
        out += "],\"head\":\(head),\"next\":"
        if let next { SyncJSON.appendString(next, to: &out) } else { out += "null" }
        return out + "}"
    }

    /// A scalar as `\uXXXX` (a surrogate pair above the BMP).
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        func hex(_ unit: UInt16) -> String { "\\u" + String(repeating: "0", count: 4 - String(unit, radix: 16).count) + String(unit, radix: 16) }
        return String(scalar).utf16.map(hex).joined()
    }
}
