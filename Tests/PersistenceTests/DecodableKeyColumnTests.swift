import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

/// A fetch remembers the columns of one-byte coding keys (synthesized
/// `CodingKeys` enums) after the first row: every row must still find each
/// key where a key that is asked its name finds it, whatever the order of
/// the keys, their case, the columns missing or named twice.
@Suite struct DecodableKeyColumnTests {
    enum EnumKey: String, CodingKey { case a, b, c, d, A, C, order }

    /// The same keys, asked their name every time (sixteen bytes: never
    /// remembered).
    struct NamedKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads a random sequence of keys, the sequence chosen by the row's
    /// `order` column: rows ask their keys in different orders.
    struct Probe<Key: CodingKey>: Decodable, FetchableRecord {
        var seen: [String?]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            let order = try container.decode(Int.self, forKey: Key(stringValue: "order")!)
            var generator = SeededGenerator(seed: UInt64(order))
            let names = ["a", "b", "c", "d", "A", "C"]
            seen = try (0..<8).map { _ in
                try container.decodeIfPresent(String.self, forKey: Key(stringValue: names.randomElement(using: &generator)!)!)
            }
        }
    }

    @Test func rememberedColumnsAreTheColumnsKeysFindByName() throws {
        let db = try Database(location: .inMemory)
        defer { try? db.close() }
        try db.execute(sql: "CREATE TABLE t (n INTEGER)")
        try db.execute(sql: "WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < 99) INSERT INTO t SELECT i FROM k")
        var generator = SeededGenerator(seed: 37)
        let pool = ["a", "b", "c", "A", "B", "C", "a", "b", "x"]
        for layout in 0..<200 {
            let names = (0..<Int.random(in: 1...7, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            // Each column holds its name, position and row: which column a
            // key read shows in the value.
            let columns = names.enumerated().map { "'\($1)\($0)-' || n AS \"\($1)\"" }
            let sql = "SELECT n * \(layout + 1) AS \"order\", \(columns.joined(separator: ", ")) FROM t"
            let remembered = try Probe<EnumKey>.fetchAll(db, sql: sql).map(\.seen)
            let named = try Probe<NamedKey>.fetchAll(db, sql: sql).map(\.seen)
            #expect(remembered == named, "columns \(names)")
        }
    }

    @Test func aCopiedRowFindsKeysByName() throws {
        let db = try Database(location: .inMemory)
        defer { try? db.close() }
        let row = try #require(try Row.fetchOne(db, sql: "SELECT 1 AS \"order\", 'b' AS b, 'a1' AS a, 'a2' AS a, 'c' AS C"))
        let probe = try Probe<EnumKey>(row: RowView(row))
        let named = try Probe<NamedKey>(row: RowView(row))
        #expect(probe.seen == named.seen)
    }
}
