import Foundation
import Persistence
import PlumeTestSupport
import Testing

/// How Codable records store dates, UUIDs and nested values, through the
/// public API only.
@Suite struct CodingStrategyTests {
    struct Place: Codable, Equatable, Sendable {
        var name: String
        var visitedAt: Date
        var tags: [String]
    }

    struct Trip: Codable, Equatable, FetchableRecord, PersistableRecord {
        var id: Int64
        var startsAt: Date
        var token: UUID
        var stops: [Place]
    }

    struct MillisecondTrip: Codable, Equatable, FetchableRecord, PersistableRecord {
        static var databaseTableName: String { "trip" }
        static var databaseDateEncodingStrategy: DatabaseDateEncodingStrategy { .millisecondsSince1970 }
        static var databaseDateDecodingStrategy: DatabaseDateDecodingStrategy { .millisecondsSince1970 }
        static var databaseUUIDEncodingStrategy: DatabaseUUIDEncodingStrategy { .lowercaseString }
        var id: Int64
        var startsAt: Date
        var token: UUID
        var stops: [Place]
    }

    struct SecondTrip: Codable, Equatable, FetchableRecord, PersistableRecord {
        static var databaseTableName: String { "trip" }
        static var databaseDateEncodingStrategy: DatabaseDateEncodingStrategy { .timeIntervalSince1970 }
        static var databaseUUIDEncodingStrategy: DatabaseUUIDEncodingStrategy { .uppercaseString }
        var id: Int64
        var startsAt: Date
        var token: UUID
        var stops: [Place]
    }

    static let token = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    static let start = Date(timeIntervalSince1970: 1_700_000_000.25)   // 2023-11-14 22:13:20.250 UTC
    static let stops = [Place(name: "Porto", visitedAt: Date(timeIntervalSince1970: 1_700_086_400.5), tags: ["b", "a"])]

    func withTrips(_ body: (DatabaseQueue) throws -> Void) throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.writeAndWait { db in
            try db.execute(sql: "CREATE TABLE trip (id INTEGER PRIMARY KEY, startsAt, token, stops)")
        }
        try body(dbQueue)
    }

    @Test func datesAreISO8601TextAndUUIDsBlobsByDefault() throws {
        try withTrips { dbQueue in
            let trip = Trip(id: 1, startsAt: Self.start, token: Self.token, stops: Self.stops)
            try dbQueue.writeAndWait { db in try trip.insert(db) }
            try dbQueue.readAndWait { db in
                let row = try #require(try Row.fetchOne(db, sql: "SELECT startsAt, typeof(token), length(token), stops FROM trip"))
                #expect(row[0] == .text("2023-11-14 22:13:20.250"))
                #expect(row[1] == .text("blob"))
                #expect(row[2] == .integer(16))
                // Nested values are JSON with sorted keys; their dates use the record's strategy.
                #expect(row[3] == .text(#"[{"name":"Porto","tags":["b","a"],"visitedAt":"2023-11-15 22:13:20.500"}]"#))
                #expect(try Trip.fetchOne(db, sql: "SELECT * FROM trip") == trip)
                // SQLite's date functions read the text.
                #expect(try String.fetchOne(db, sql: "SELECT date(startsAt) FROM trip") == "2023-11-14")
                #expect(try Int.fetchOne(db, sql: "SELECT startsAt < datetime('now') FROM trip") == 1)
            }
        }
    }

    @Test func millisecondsAndLowercaseText() throws {
        try withTrips { dbQueue in
            let trip = MillisecondTrip(id: 1, startsAt: Self.start, token: Self.token, stops: Self.stops)
            try dbQueue.writeAndWait { db in try trip.insert(db) }
            try dbQueue.readAndWait { db in
                let row = try #require(try Row.fetchOne(db, sql: "SELECT startsAt, token, stops FROM trip"))
                #expect(row[0] == .integer(1_700_000_000_250))
                #expect(row[1] == .text("e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
                #expect(row[2] == .text(#"[{"name":"Porto","tags":["b","a"],"visitedAt":1700086400500}]"#))
                #expect(try MillisecondTrip.fetchOne(db, sql: "SELECT * FROM trip") == trip)
            }
        }
    }

    @Test func secondsAndUppercaseText() throws {
        try withTrips { dbQueue in
            let trip = SecondTrip(id: 1, startsAt: Self.start, token: Self.token, stops: Self.stops)
            try dbQueue.writeAndWait { db in try trip.insert(db) }
            try dbQueue.readAndWait { db in
                let row = try #require(try Row.fetchOne(db, sql: "SELECT startsAt, token FROM trip"))
                #expect(row[0] == .real(1_700_000_000.25))
                #expect(row[1] == .text("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
                // The default decoding reads numbers as seconds and text UUIDs.
                #expect(try SecondTrip.fetchOne(db, sql: "SELECT * FROM trip") == trip)
                #expect(try Trip.fetchOne(db, sql: "SELECT * FROM trip")?.startsAt == Self.start)
            }
        }
    }

    @Test func aValueThatIsNoDateNamesTheRecordTheColumnAndTheStorageClass() throws {
        try withTrips { dbQueue in
            try dbQueue.readAndWait { db in
                do {
                    _ = try Trip.fetchOne(db, sql: "SELECT 1 AS id, 'soon' AS startsAt, x'00' AS token, '[]' AS stops")
                    Issue.record("decoded a date from 'soon'")
                } catch let error as RowDecodingError {
                    let message = String(describing: error)
                    #expect(message.contains("startsAt"), "\(message)")
                    #expect(message.contains("Date"), "\(message)")
                    #expect(message.contains("TEXT") || message.contains("text"), "\(message)")
                }
            }
        }
    }

    /// Random dates from year 1 to 9999 round-trip to the millisecond,
    /// SQLite reads the text as the same instant, and the text sorts in
    /// time order.
    @Test func randomDatesMatchSQLitesReading() throws {
        var rng = SeededGenerator(seed: 77)
        let dbQueue = try DatabaseQueue()
        let dates = (0..<PropertyTestScale.cases(400)).map { _ in
            Date(timeIntervalSince1970: (Double.random(in: -62_135_596_800...253_402_300_799, using: &rng) * 1000).rounded() / 1000)
        }
        try dbQueue.readAndWait { db in
            for date in dates {
                let text = try #require(try String.fetchOne(db, sql: "SELECT ?", arguments: [date]))
                let seconds = try #require(try Double.fetchOne(db, sql: "SELECT (julianday(?) - 2440587.5) * 86400.0", arguments: [date]))
                #expect(abs(seconds - date.timeIntervalSince1970) < 0.002, "\(text)")
                #expect(try Date.fetchOne(db, sql: "SELECT ?", arguments: [date]) == date, "\(text)")
            }
        }
        let texts = dates.map { date in try! dbQueue.readAndWait { db in try String.fetchOne(db, sql: "SELECT ?", arguments: [date])! } }
        #expect(zip(dates, texts).sorted { $0.0 < $1.0 }.map(\.1) == texts.sorted())
    }
}
