import Foundation
import Testing
@testable import Persistence

@Suite struct DecodableRecordTests {
    enum Kind: String, Codable { case photo, video }
    enum Stars: Int, Codable { case one = 1, five = 5 }
    struct Location: Codable, Equatable { var latitude: Double; var longitude: Double }

    struct Item: Codable, FetchableRecord, PersistableRecord, Equatable {
        static let databaseTableName = "item"
        var id: Int64
        var name: String
        var created: Date
        var uuid: UUID
        var thumbnail: Data
        var favorite: Bool
        var kind: Kind
        var stars: Stars?
        var location: Location?
        var tags: [String]
        var note: String?
        var size: UInt16
    }

    static let schema = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created REAL, uuid BLOB, thumbnail BLOB,
                           favorite INTEGER, kind TEXT, stars INTEGER, location TEXT, tags TEXT, note TEXT, size INTEGER)
        """

    static func item(_ id: Int64, _ name: String) -> Item {
        Item(id: id, name: name, created: Date(timeIntervalSince1970: 1_700_000_000.5), uuid: UUID(),
             thumbnail: Data([1, 2, 3]), favorite: id % 2 == 0, kind: .video, stars: .five,
             location: Location(latitude: 48.85, longitude: 2.35), tags: ["sea", "sun"], note: nil, size: 640)
    }

    @Test func codableRecordRoundTripsThroughTheTable() throws {
        try withDatabase { db in
            try db.execute(sql: Self.schema)
            let items = [Self.item(1, "first"), Self.item(2, "second")]
            for item in items { try item.insert(db) }
            #expect(try Item.fetchAll(db, sql: "SELECT * FROM item ORDER BY id") == items)
            #expect(try Item.fetchOne(db, key: 2) == items[1])
            #expect(try Item.fetchCount(db) == 2)
            // How values are stored.
            let stored = try #require(try Row.fetchOne(db, sql: "SELECT typeof(created), typeof(uuid), kind, stars, location, tags, note FROM item WHERE id = 1"))
            #expect(stored[0] == .text("text"))   // ISO-8601 text by default
            #expect(stored[1] == .text("blob"))
            #expect(stored[2] == .text("video"))
            #expect(stored[3] == .integer(5))
            #expect(stored[4] == .text(#"{"latitude":48.85,"longitude":2.35}"#))
            #expect(stored[5] == .text(#"["sea","sun"]"#))
            #expect(stored[6] == .null)
        }
    }

    @Test func keysAreFoundInAnyColumnOrderAndCase() throws {
        struct Small: Decodable, FetchableRecord, Equatable { var id: Int; var name: String; var rating: Int? }
        try withDatabase { db in
            try makePhotoTable(db)
            let expected = [Small(id: 1, name: "Sunset", rating: 5), Small(id: 2, name: "Dog", rating: nil)]
            #expect(try Small.fetchAll(db, sql: "SELECT id, name, rating FROM photo WHERE id <= 2 ORDER BY id") == expected)
            #expect(try Small.fetchAll(db, sql: "SELECT rating, album, NAME, ID FROM photo WHERE id <= 2 ORDER BY id") == expected)
            // An optional property whose column is missing decodes as nil.
            #expect(try Small.fetchAll(db, sql: "SELECT id, name FROM photo WHERE id = 1") == [Small(id: 1, name: "Sunset", rating: nil)])
        }
    }

    @Test func customCodingKeysNameColumns() throws {
        struct Renamed: Decodable, FetchableRecord {
            var title: String
            enum CodingKeys: String, CodingKey { case title = "name" }
        }
        try withDatabase { db in
            try makePhotoTable(db)
            #expect(try Renamed.fetchAll(db, sql: "SELECT * FROM photo ORDER BY id").map(\.title) == ["Sunset", "Dog", "Harbor"])
        }
    }

    @Test func missingColumnIsAnErrorNamingColumnAndSQL() throws {
        struct Needy: Decodable, FetchableRecord { var id: Int; var caption: String }
        try withDatabase { db in
            try makePhotoTable(db)
            let sql = "SELECT * FROM photo"
            let error = try #require(caught(RowDecodingError.self) { _ = try Needy.fetchAll(db, sql: sql) })
            #expect(error.kind == .columnNotFound)
            #expect(error.column == "caption")
            #expect(error.sql == sql)
            #expect(error.description.contains("no column named \"caption\" (the row has: id, name, rating, album)"))
        }
    }

    @Test func wrongTypesAreErrorsNamingTheColumn() throws {
        struct Typed: Decodable, FetchableRecord { var name: Int }
        struct Enumerated: Decodable, FetchableRecord { var name: Kind }
        struct Small: Decodable, FetchableRecord { var rating: UInt8 }
        struct Nested: Decodable, FetchableRecord { var name: Location }
        try withDatabase { db in
            try makePhotoTable(db)
            let typed = try #require(caught(RowDecodingError.self) { _ = try Typed.fetchAll(db, sql: "SELECT name FROM photo ORDER BY id") })
            #expect(typed.kind == .typeMismatch && typed.column == "name" && typed.sql == "SELECT name FROM photo ORDER BY id")
            #expect(typed.description.contains("cannot decode Int from column \"name\": it holds text 'Sunset'"))
            let enumerated = try #require(caught(RowDecodingError.self) { _ = try Enumerated.fetchAll(db, sql: "SELECT name FROM photo") })
            #expect(enumerated.column == "name")
            let overflow = try #require(caught(RowDecodingError.self) { _ = try Small.fetchAll(db, sql: "SELECT 300 AS rating") })
            #expect(overflow.typeName == "UInt8")
            let nested = try #require(caught(RowDecodingError.self) { _ = try Nested.fetchAll(db, sql: "SELECT '{\"latitude\": 1}' AS name") })
            #expect(nested.column == "name")
            #expect(nested.reason?.contains("invalid JSON") == true)
            #expect(nested.reason?.contains("longitude") == true)
        }
    }

    @Test func singleValueTypesAndUnkeyedRecords() throws {
        struct Pair: Decodable, FetchableRecord, Equatable {
            var first: String
            var second: Int?
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try container.decode(String.self)
                second = try container.decodeNil() ? nil : container.decode(Int.self)
            }
            init(first: String, second: Int?) { self.first = first; self.second = second }
        }
        try withDatabase { db in
            try makePhotoTable(db)
            #expect(try Pair.fetchAll(db, sql: "SELECT name, rating FROM photo ORDER BY id") == [
                Pair(first: "Sunset", second: 5), Pair(first: "Dog", second: nil), Pair(first: "Harbor", second: 3),
            ])
        }
    }

    /// A record that keeps its decoder (to decode more later) keeps its
    /// row: the fetch copies that row before stepping on, so the decoder
    /// still reads it after the fetch.
    @Test func aRecordKeepingItsDecoderReadsItsOwnRowLater() throws {
        struct Lazy: Decodable, FetchableRecord {
            enum CodingKeys: String, CodingKey { case id, name }
            var id: Int64
            let decoder: any Decoder
            init(from decoder: any Decoder) throws {
                id = try decoder.container(keyedBy: CodingKeys.self).decode(Int64.self, forKey: .id)
                self.decoder = decoder
            }
            func name() throws -> String {
                try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
            }
        }
        try withDatabase { db in
            try makePhotoTable(db)
            let photos = try Lazy.fetchAll(db, sql: "SELECT id, name FROM photo ORDER BY id")
            #expect(photos.map(\.id) == [1, 2, 3])
            #expect(try photos.map { try $0.name() } == ["Sunset", "Dog", "Harbor"])
        }
    }
}
