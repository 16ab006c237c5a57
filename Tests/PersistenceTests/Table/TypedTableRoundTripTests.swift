import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

enum TypedMood: String, DatabaseValueConvertible, Codable, CaseIterable {
    case calm, busy, sleepy
}

/// A nested value, stored as JSON text.
struct TypedPlace: Codable, Equatable, Sendable {
    var latitude: Double
    var name: String
    var visited: Date?
}

/// A record of every supported property type.
@Table("everything")
struct Everything: Equatable, Sendable {
    @Column(primaryKey: true) var id: Int64
    // Several bindings per line: each is a column, in order.
    var int: Int, int32: Int32, int64: Int64, optionalInt: Int?
    var double: Double, float: Float, optionalDouble: Double?
    var bool: Bool, optionalBool: Bool?
    var text: String, optionalText: String?
    var data: Data, optionalData: Data?
    var date: Date, optionalDate: Date?
    var uuid: UUID, optionalUUID: UUID?
    var mood: TypedMood, optionalMood: TypedMood?
    var place: TypedPlace, optionalPlace: TypedPlace?
    var tags: [String]
}

/// The same columns, stored with other date and UUID strategies.
@Table("everything")
struct EverythingInMilliseconds: Equatable, Sendable {
    static var databaseDateEncodingStrategy: DatabaseDateEncodingStrategy { .millisecondsSince1970 }
    static var databaseUUIDEncodingStrategy: DatabaseUUIDEncodingStrategy { .lowercaseString }
    @Column(primaryKey: true) var id: Int64
    var date: Date
    var optionalDate: Date?
    var uuid: UUID
    var optionalUUID: UUID?
}

/// Random records of every supported type go through insert, then fetch by
/// position and by name, and come back equal.
@Suite struct TypedTableRoundTripTests {
    /// The table, its columns in another order than the record's, so that
    /// `SELECT *` reads by name.
    static let createTable = """
        CREATE TABLE everything (
            tags TEXT NOT NULL, optionalPlace TEXT, place TEXT NOT NULL, optionalMood TEXT, mood TEXT NOT NULL,
            optionalUUID BLOB, uuid BLOB NOT NULL, optionalDate TEXT, date TEXT NOT NULL, optionalData BLOB, data BLOB NOT NULL,
            optionalText TEXT, text TEXT NOT NULL, optionalBool BOOLEAN, bool BOOLEAN NOT NULL, optionalDouble REAL,
            float REAL NOT NULL, double DOUBLE NOT NULL, optionalInt INTEGER, int64 BIGINT NOT NULL, int32 INT NOT NULL,
            int INTEGER NOT NULL, id INTEGER PRIMARY KEY)
        """

    static let extremeIntegers: [Int64] = [.min, .max, 0, -1, 1, Int64(Int32.min), Int64(Int32.max)]
    static let extremeDoubles: [Double] = [0.0, -0.0, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                           .leastNonzeroMagnitude, .infinity, -.infinity, 1e-300]
    static let texts = ["", "plain", "é à ü", "🌅 sunset", "nul\u{0}inside", String(repeating: "long ", count: 50), "'quoted' \"double\""]

    static func randomDate(_ generator: inout SeededGenerator) -> Date {
        // Millisecond precision: what ISO-8601 text keeps.
        Date(timeIntervalSince1970: Double(Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)) / 1000)
    }

    static func randomUUID(_ generator: inout SeededGenerator) -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { buffer in
            for index in buffer.indices { buffer[index] = UInt8.random(in: 0...255, using: &generator) }
        }
        return UUID(uuid: bytes)
    }

    static func optional<T>(_ generator: inout SeededGenerator, _ make: (inout SeededGenerator) -> T) -> T? {
        generator.chance(30) ? nil : make(&generator)
    }

    static func randomRecord(id: Int64, _ generator: inout SeededGenerator) -> Everything {
        func integer(_ g: inout SeededGenerator) -> Int64 {
            g.chance(30) ? extremeIntegers.randomElement(using: &g)! : Int64.random(in: -1_000_000...1_000_000, using: &g)
        }
        func double(_ g: inout SeededGenerator) -> Double {
            g.chance(40) ? extremeDoubles.randomElement(using: &g)! : Double.random(in: -1e12...1e12, using: &g)
        }
        func text(_ g: inout SeededGenerator) -> String {
            g.chance(50) ? texts.randomElement(using: &g)! : String((0..<Int.random(in: 0...20, using: &g)).map { _ in
                Character(UnicodeScalar(UInt8.random(in: 32...126, using: &g)))
            })
        }
        func data(_ g: inout SeededGenerator) -> Data {
            Data((0..<Int.random(in: 0...40, using: &g)).map { _ in UInt8.random(in: 0...255, using: &g) })
        }
        func place(_ g: inout SeededGenerator) -> TypedPlace {
            TypedPlace(latitude: Double.random(in: -90...90, using: &g), name: text(&g), visited: optional(&g, randomDate))
        }
        var g = generator
        defer { generator = g }
        return Everything(
            id: id, int: Int(integer(&g)), int32: Int32.random(in: .min ... .max, using: &g), int64: integer(&g),
            optionalInt: optional(&g) { Int(integer(&$0)) },
            double: double(&g), float: Float(Double.random(in: -1e6...1e6, using: &g)), optionalDouble: optional(&g, double),
            bool: Bool.random(using: &g), optionalBool: optional(&g) { Bool.random(using: &$0) },
            text: text(&g), optionalText: optional(&g, text), data: data(&g), optionalData: optional(&g, data),
            date: randomDate(&g), optionalDate: optional(&g, randomDate),
            uuid: randomUUID(&g), optionalUUID: optional(&g, randomUUID),
            mood: TypedMood.allCases.randomElement(using: &g)!, optionalMood: optional(&g) { TypedMood.allCases.randomElement(using: &$0)! },
            place: place(&g), optionalPlace: optional(&g, place),
            tags: (0..<Int.random(in: 0...3, using: &g)).map { _ in text(&g) })
    }

    @Test func randomRecordsComeBackEqualByPositionAndByName() throws {
        var generator = SeededGenerator(seed: 24)
        try withDatabase { db in
            try db.execute(sql: Self.createTable)
            try db.validate(Everything.self)
            var records: [Everything] = []
            for id in 1...Int64(PropertyTestScale.cases(300)) {
                let record = Self.randomRecord(id: id, &generator)
                try record.insert(db)
                records.append(record)
            }
            let byPosition = try Everything.all().order(by: \.id).fetchAll(db)
            let byName = try Everything.fetchAll(db, sql: "SELECT * FROM everything ORDER BY id")
            #expect(byPosition.count == records.count)
            for (index, record) in records.enumerated() {
                #expect(byPosition[index] == record, "seed 24, record \(index)")
                #expect(byName[index] == record, "seed 24, record \(index)")
                // SQLite stores integral reals of REAL columns as integers:
                // -0.0 reads back as 0.0 (equal, as Swift compares them).
                if record.double == 0 { #expect(byPosition[index].double.sign == .plus) }
            }
            // Updates write every column back.
            var changed = Self.randomRecord(id: 1, &generator)
            changed.optionalText = nil
            try changed.update(db)
            #expect(try Everything.all().where { $0.id == 1 }.fetchOne(db) == changed)
        }
    }

    @Test func otherStrategiesRoundTripToo() throws {
        var generator = SeededGenerator(seed: 2_424)
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE everything (id INTEGER PRIMARY KEY, date INTEGER NOT NULL, optionalDate INTEGER, uuid TEXT NOT NULL, optionalUUID TEXT)")
            try db.validate(EverythingInMilliseconds.self)
            for id in 1...Int64(50) {
                let record = EverythingInMilliseconds(
                    id: id, date: Self.randomDate(&generator), optionalDate: Self.optional(&generator, Self.randomDate),
                    uuid: Self.randomUUID(&generator), optionalUUID: Self.optional(&generator, Self.randomUUID))
                try record.insert(db)
                #expect(try EverythingInMilliseconds.all().where { $0.id == id }.fetchOne(db) == record)
                #expect(try EverythingInMilliseconds.fetchOne(db, sql: "SELECT * FROM everything WHERE id = ?", arguments: [id]) == record)
            }
            #expect(try Row.fetchOne(db, sql: "SELECT typeof(date), typeof(uuid) FROM everything") == Row(["typeof(date)": "integer", "typeof(uuid)": "text"]))
            let date = Date(timeIntervalSince1970: 1_234)
            #expect(EverythingInMilliseconds.all().where { $0.date > date }.arguments == [1_234_000])
        }
    }

    @Test func notANumberIsRefused() throws {
        var generator = SeededGenerator(seed: 7)
        try withDatabase { db in
            try db.execute(sql: Self.createTable)
            var record = Self.randomRecord(id: 1, &generator)
            record.double = .nan
            let error = try #require(caught(RecordError.self) { try record.insert(db) })
            #expect(error.code == .encodingFailed)
            #expect(error.description == #"encoding failed in table "everything": column "double" is NaN, which SQLite would store as NULL"#)
            record.double = 1
            record.optionalDouble = .nan
            #expect(caught(RecordError.self) { try record.insert(db) }?.code == .encodingFailed)
            record.optionalDouble = nil
            record.float = .nan
            #expect(caught(RecordError.self) { try record.insert(db) }?.code == .encodingFailed)
            #expect(try Everything.fetchCount(db) == 0)
        }
    }

    @Test func textThatIsNotUTF8IsRefused() throws {
        var generator = SeededGenerator(seed: 8)
        try withDatabase { db in
            try db.execute(sql: Self.createTable)
            try Self.randomRecord(id: 1, &generator).insert(db)
            try db.execute(sql: "UPDATE everything SET text = CAST(x'C328FF' AS TEXT)")
            for fetch in [{ try Everything.all().fetchAll(db) }, { try Everything.fetchAll(db, sql: "SELECT * FROM everything") }] {
                let error = try #require(caught(RowDecodingError.self) { _ = try fetch() })
                #expect(error.kind == .typeMismatch)
                #expect(error.column == "text")
                #expect(error.reason == "the text is not valid UTF-8")
            }
            // A blob that is not UTF-8 is refused as text too.
            try db.execute(sql: "UPDATE everything SET text = x'FF00'")
            #expect(caught(RowDecodingError.self) { _ = try Everything.all().fetchAll(db) }?.reason == "the text is not valid UTF-8")
        }
    }

    @Test func validationNamesTheColumnAndBothTypes() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY, name INTEGER, album TEXT, rating INTEGER)")
            let wrongType = try #require(caught(TableSchemaError.self) { try db.validate(TypedPhoto.self) })
            #expect(wrongType.description == #"column "name" of table "photo" is declared INTEGER, incompatible with TypedPhoto's property (stored as TEXT)"#)
            try db.execute(sql: "DROP TABLE photo; CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT, album TEXT, rating INTEGER)")
            let missing = try #require(caught(TableSchemaError.self) { try db.validate(TypedPhoto.self) })
            #expect(missing.description == #"table "photo" has no column "created_at", which TypedPhoto declares (stored as TEXT)"#)
            try db.execute(sql: "ALTER TABLE photo ADD COLUMN created_at DATETIME")
            try db.validate(TypedPhoto.self)
            try db.execute(sql: "DROP TABLE photo")
            #expect(caught(RecordError.self) { try db.validate(TypedPhoto.self) }?.code == .noSuchTable)
        }
    }
}
