import FetchedResults
import Foundation
import Persistence
import Testing
@testable import PlumeCLI

@Suite struct WatchJSONTests {
    @Test func valuesAreValidJSON() throws {
        #expect(JSONLine.value(.null) == "null")
        #expect(JSONLine.value(.integer(-7)) == "-7")
        #expect(JSONLine.value(.real(2)) == "2.0")
        #expect(JSONLine.value(.real(.infinity)) == "9e999")
        #expect(JSONLine.value(.real(-.infinity)) == "-9e999")
        #expect(JSONLine.value(.real(.nan)) == "null")
        #expect(JSONLine.value(.blob(Data([0, 255]))) == "{\"base64\":\"AP8=\"}")
        #expect(JSONLine.string("a\"b\\c\nd\u{1}é日") == "\"a\\\"b\\\\c\\nd\\u0001é日\"")
        let text = JSONLine.value(.text("tab\tquote\" \u{7F} 😀"))
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [String]
        #expect(decoded == ["tab\tquote\" \u{7F} 😀"])
    }

    @Test func aRowKeepsQueryOrderAndTheFirstOfTwoColumnsWithOneName() {
        let row = Row(["b": 1, "a": "x", "b": 2])
        #expect(JSONLine.row(row) == "{\"b\":1,\"a\":\"x\"}")
    }

    @Test func rowsOfAnotherLayoutGetTheirOwnNames() {
        var encoder = JSONLineEncoder()
        encoder.append(Row(["id": 1, "name": "a"]))
        encoder.append(Row(["id": 2, "name": "b"]))
        encoder.append(Row(["name": "c", "score": 2.5]))
        #expect(String(decoding: encoder.bytes, as: UTF8.self) == #"{"id":1,"name":"a"}{"id":2,"name":"b"}{"name":"c","score":2.5}"#)
    }

    static func sections(rows: Int) async throws -> [ListSection<Row>] {
        let queue = try DatabaseQueue()
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, section TEXT, name TEXT)")
            for index in 0..<rows {
                try db.execute(sql: "INSERT INTO item (section, name) VALUES (?, ?)",
                               arguments: [index % 4 == 0 ? nil : "s\(index % 3)", "name \"\(index)\" é"])
            }
        }
        let request = FetchRequest(table: "item", sortedBy: [.ascending("section"), .ascending("id")], sectionColumn: "section")
        let controller = FetchedResultsController<Row>(database: queue, request: request, queue: DispatchQueue(label: "j"))
        try await controller.performFetch()
        return try controller.snapshot.listSections()
    }

    /// The initial event, written in pieces, is the sections and their
    /// rows, in order, whatever the number of pieces.
    @Test(arguments: [0, 1, 5, 4000])
    func theInitialEventHoldsEverySectionInOrder(rows: Int) async throws {
        let sections = try await Self.sections(rows: rows)
        var pieces = 0
        var bytes: [UInt8] = []
        #expect(JSONLineEncoder.writeInitial(sections) { pieces += 1; bytes += $0; return true })
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(rows < 4000 || pieces > 1)
        let expectedSections = sections.map { section in
            "{\"name\":\(JSONLine.value(section.name)),\"rows\":[\(section.items.map(JSONLine.row).joined(separator: ","))]}"
        }
        let expected = "{\"event\":\"initial\",\"sections\":[\(expectedSections.joined(separator: ","))]}\n"
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(try JSONSerialization.jsonObject(with: Data(bytes)) is [String: Any])
    }

    @Test func aReaderThatLeavesStopsTheInitialEvent() async throws {
        let sections = try await Self.sections(rows: 4000)
        var pieces = 0
        #expect(!JSONLineEncoder.writeInitial(sections) { _ in pieces += 1; return false })
        #expect(pieces == 1)
    }
}
