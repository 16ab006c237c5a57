import Foundation
import Testing
@testable import Persistence
import PlumeTestSupport

/// Every fixed-width integer, optional or not.
@Table("integers")
struct AllIntegers: Equatable {
    @Column(primaryKey: true) var id: Int64
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int: Int
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var uint: UInt
    var optionalUInt8: UInt8?
    var optionalUInt64: UInt64?
}

/// One setting for dates: the record writes milliseconds and reads them.
@Table("stamped")
struct MillisecondStamp: Equatable {
    static var databaseDateEncodingStrategy: DatabaseDateEncodingStrategy { .millisecondsSince1970 }
    @Column(primaryKey: true) var id: Int64
    var at: Date
    var maybe: Date?
}

/// The same for a Codable record: no decoding strategy declared.
struct CodableMillisecondStamp: Codable, Equatable, FetchableRecord, PersistableRecord {
    static var databaseTableName: String { "stamped" }
    static var databaseDateEncodingStrategy: DatabaseDateEncodingStrategy { .millisecondsSince1970 }
    var id: Int64
    var at: Date
    var maybe: Date?
}

/// An enum with a raw value that is only Codable, and one whose Codable
/// form is not its raw value.
enum Mood: String, Codable, Equatable {
    case calm, stormy
}

enum Priority: Int, Codable, Equatable {
    case low = 1, high = 9

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self = try Priority(rawValue: container.decode(Int.self)) ?? .low
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(rawValue)
    }
}

@Table("moods")
struct MoodRecord: Equatable {
    @Column(primaryKey: true) var id: Int64
    var mood: Mood
    var optionalMood: Mood?
    var priority: Priority
}

@Suite struct TypedTableValueTests {
    static let integersTable = """
        CREATE TABLE integers (id INTEGER PRIMARY KEY, int8 INTEGER NOT NULL, int16 INTEGER NOT NULL, int32 INTEGER NOT NULL,
            int INTEGER NOT NULL, uint8 INTEGER NOT NULL, uint16 INTEGER NOT NULL, uint32 INTEGER NOT NULL,
            uint64 INTEGER NOT NULL, uint INTEGER NOT NULL, optionalUInt8 INTEGER, optionalUInt64 INTEGER)
        """

    @Test func everyFixedWidthIntegerRoundTripsAndValidates() throws {
        try withDatabase { db in
            try db.execute(sql: Self.integersTable)
            try db.validate(AllIntegers.self)
            var generator = SeededGenerator(seed: 36)
            var records = [
                AllIntegers(id: 1, int8: .min, int16: .min, int32: .min, int: .min, uint8: .max, uint16: .max, uint32: .max,
                            uint64: UInt64(Int64.max), uint: UInt(Int64.max), optionalUInt8: nil, optionalUInt64: nil),
                AllIntegers(id: 2, int8: .max, int16: .max, int32: .max, int: .max, uint8: 0, uint16: 0, uint32: 0,
                            uint64: 0, uint: 0, optionalUInt8: 255, optionalUInt64: 0),
            ]
            for id in 3..<40 {
                records.append(AllIntegers(
                    id: Int64(id), int8: .random(in: .min ... .max, using: &generator), int16: .random(in: .min ... .max, using: &generator),
                    int32: .random(in: .min ... .max, using: &generator), int: .random(in: .min ... .max, using: &generator),
                    uint8: .random(in: 0 ... .max, using: &generator), uint16: .random(in: 0 ... .max, using: &generator),
                    uint32: .random(in: 0 ... .max, using: &generator), uint64: .random(in: 0...UInt64(Int64.max), using: &generator),
                    uint: .random(in: 0...UInt(Int64.max), using: &generator),
                    optionalUInt8: generator.chance(30) ? nil : .random(in: 0 ... .max, using: &generator),
                    optionalUInt64: generator.chance(30) ? nil : .random(in: 0...UInt64(Int64.max), using: &generator)))
            }
            for record in records { try record.insert(db) }
            #expect(try AllIntegers.all().order(by: \.id).fetchAll(db) == records)
            #expect(try AllIntegers.fetchAll(db, sql: "SELECT * FROM integers ORDER BY id") == records)
            #expect(try Int64.fetchOne(db, sql: "SELECT typeof(uint8) = 'integer' AND uint8 = 255 FROM integers WHERE id = 1") == 1)
            #expect(try AllIntegers.all().where { $0.uint8 == 255 && $0.optionalUInt8 == nil }.fetchAll(db).map(\.id) == [1])
        }
    }

    @Test func storedValuesOutOfRangeAreClearErrors() throws {
        try withDatabase { db in
            try db.execute(sql: Self.integersTable)
            try db.execute(sql: "INSERT INTO integers VALUES (1, 0, 0, 0, 0, 300, 0, 0, 0, 0, NULL, NULL)")
            let error = try #require(caught(RowDecodingError.self) { _ = try AllIntegers.all().fetchAll(db) })
            #expect(error.column == "uint8")
            #expect(error.reason == "300 is out of range for UInt8 (0...255)")
            try db.execute(sql: "UPDATE integers SET uint8 = 1, int8 = -129")
            #expect(caught(RowDecodingError.self) { _ = try AllIntegers.all().fetchAll(db) }?.reason == "-129 is out of range for Int8 (-128...127)")
            try db.execute(sql: "UPDATE integers SET int8 = 2.5")
            #expect(caught(RowDecodingError.self) { _ = try AllIntegers.all().fetchAll(db) }?.reason == "2.5 is not a whole number")
            try db.execute(sql: "UPDATE integers SET int8 = 0, uint64 = -1")
            #expect(caught(RowDecodingError.self) { _ = try AllIntegers.all().fetchAll(db) }?.column == "uint64")
            // A value SQLite cannot store is refused before any row changes.
            let huge = AllIntegers(id: 2, int8: 0, int16: 0, int32: 0, int: 0, uint8: 0, uint16: 0, uint32: 0,
                                   uint64: .max, uint: 0, optionalUInt8: nil, optionalUInt64: nil)
            let refusal = try #require(caught(RecordError.self) { try huge.insert(db) })
            #expect(refusal.code == .valueOutOfRange)
            #expect(refusal.message.contains("column \"uint64\": 18446744073709551615 does not fit"))
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM integers") == 1)
        }
    }

    @Test func anEncodingStrategyAloneReadsBackWhatItWrites() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE stamped (id INTEGER PRIMARY KEY, at INTEGER NOT NULL, maybe INTEGER)")
            let at = Date(timeIntervalSince1970: 1_700_000_000.25)
            let stamp = MillisecondStamp(id: 1, at: at, maybe: at)
            try stamp.insert(db)
            #expect(try Int64.fetchOne(db, sql: "SELECT at FROM stamped") == 1_700_000_000_250)
            #expect(try MillisecondStamp.all().fetchOne(db) == stamp)
            #expect(try MillisecondStamp.fetchOne(db, sql: "SELECT maybe, at, id FROM stamped") == stamp)
            let codable = CodableMillisecondStamp(id: 2, at: at, maybe: nil)
            try codable.insert(db)
            #expect(try CodableMillisecondStamp.fetchOne(db, sql: "SELECT * FROM stamped WHERE id = 2") == codable)
            #expect(CodableMillisecondStamp.databaseDateDecodingStrategy == .millisecondsSince1970)
            #expect(DatabaseDateEncodingStrategy.timeIntervalSince1970.decodingStrategy == .timeIntervalSince1970)
        }
    }

    @Test func rawRepresentableValuesAreStoredAsRawValues() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE moods (id INTEGER PRIMARY KEY, mood TEXT NOT NULL, optionalMood TEXT, priority INTEGER NOT NULL)")
            try db.validate(MoodRecord.self)
            let records = [MoodRecord(id: 1, mood: .stormy, optionalMood: .calm, priority: .high),
                           MoodRecord(id: 2, mood: .calm, optionalMood: nil, priority: .low)]
            for record in records { try record.insert(db) }
            let stored = try Row.fetchAll(db, sql: "SELECT mood, optionalMood, priority FROM moods ORDER BY id")
            #expect(stored.map { $0[0] } == [.text("stormy"), .text("calm")])
            #expect(stored.map { $0[1] } == [.text("calm"), .null])
            #expect(stored.map { $0[2] } == [.integer(9), .integer(1)])
            #expect(try MoodRecord.all().order(by: \.id).fetchAll(db) == records)
            #expect(try MoodRecord.fetchAll(db, sql: "SELECT * FROM moods ORDER BY id") == records)
            try db.execute(sql: "UPDATE moods SET mood = 'sunny' WHERE id = 2")
            let error = try #require(caught(RowDecodingError.self) { _ = try MoodRecord.all().fetchAll(db) })
            #expect(error.column == "mood")
            #expect(error.reason == "no Mood has the raw value 'sunny'")
        }
    }
}

/// The same integers through Codable.
struct CodableIntegers: Codable, FetchableRecord, PersistableRecord {
    static var databaseTableName: String { "integers" }
    var id: Int64
    var uint8: UInt8
    var optionalUInt64: UInt64?
}

@Suite struct CodableIntegerTests {
    @Test func codableRecordsReportTheRangeToo() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE integers (id INTEGER PRIMARY KEY, uint8 INTEGER NOT NULL, optionalUInt64 INTEGER)")
            try CodableIntegers(id: 1, uint8: 255, optionalUInt64: UInt64(Int64.max)).insert(db)
            #expect(try CodableIntegers.fetchOne(db, sql: "SELECT * FROM integers")?.uint8 == 255)
            try db.execute(sql: "UPDATE integers SET uint8 = 256")
            let error = try #require(caught(RowDecodingError.self) { _ = try CodableIntegers.fetchAll(db, sql: "SELECT * FROM integers") })
            #expect(error.reason == "256 is out of range for UInt8 (0...255)")
            #expect(try Row.fetchOne(db, sql: "SELECT uint8 FROM integers").map { try $0.decode(UInt16.self, at: 0) } == 256)
        }
    }
}

@Suite struct RawRepresentableColumnTests {
    @Test func codableOnlyEnumsCompareByRawValue() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE moods (id INTEGER PRIMARY KEY, mood TEXT NOT NULL, optionalMood TEXT, priority INTEGER NOT NULL)")
            let records = [MoodRecord(id: 1, mood: .stormy, optionalMood: .calm, priority: .high),
                           MoodRecord(id: 2, mood: .calm, optionalMood: nil, priority: .low),
                           MoodRecord(id: 3, mood: .calm, optionalMood: .stormy, priority: .high)]
            for record in records { try record.insert(db) }
            #expect(try MoodRecord.all().where { $0.mood == .calm }.order(by: \.id).fetchAll(db).map(\.id) == [2, 3])
            #expect(try MoodRecord.all().where { $0.mood != .calm && $0.priority == .high }.fetchAll(db).map(\.id) == [1])
            #expect(try MoodRecord.all().where { $0.optionalMood == nil }.fetchAll(db).map(\.id) == [2])
            #expect(try MoodRecord.all().where { $0.optionalMood == .stormy }.fetchAll(db).map(\.id) == [3])
            #expect(try MoodRecord.all().where { $0.optionalMood.isIn([.calm, nil]) }.order(by: \.id).fetchAll(db).map(\.id) == [1, 2])
            #expect(try MoodRecord.all().where { $0.priority.isIn([.low]) }.fetchAll(db).map(\.id) == [2])
        }
    }
}
