import Foundation
import Persistence
import Testing

/// Custom SQL functions and collations, through the public API.
@Suite struct DatabaseFunctionTests {
    struct Longest: DatabaseAggregate {
        var longest: String?
        mutating func step(_ arguments: [DatabaseValue]) throws {
            guard case .text(let text) = arguments[0] else { return }
            if text.count > (longest?.count ?? -1) { longest = text }
        }
        func finalize() throws -> (any DatabaseValueConvertible)? { longest }
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "refused by Swift" }
    }

    static func database() throws -> Database {
        let db = try Database(path: ":memory:")
        try db.add(function: DatabaseFunction("initials", argumentCount: 1, pure: true) { arguments in
            guard case .text(let name) = arguments[0] else { return nil }
            return String(name.split(separator: " ").compactMap(\.first))
        })
        try db.add(function: DatabaseFunction("fail", argumentCount: 0) { _ in throw Refused() })
        try db.add(function: DatabaseFunction("longest", argumentCount: 1, aggregate: Longest.self))
        try db.add(collation: DatabaseCollation("length") { lhs, rhs in
            lhs.count == rhs.count ? .orderedSame : (lhs.count < rhs.count ? .orderedAscending : .orderedDescending)
        })
        try db.execute(sql: "CREATE TABLE person (name TEXT)")
        try db.execute(sql: "INSERT INTO person VALUES ('Ada Lovelace'), ('Alan Turing'), ('Grace Brewster Hopper'), ('Kay')")
        return db
    }

    @Test func scalarAggregateAndCollation() throws {
        let db = try Self.database()
        #expect(try String.fetchAll(db, sql: "SELECT initials(name) FROM person ORDER BY initials(name)") == ["AL", "AT", "GBH", "K"])
        #expect(try String.fetchOne(db, sql: "SELECT longest(name) FROM person") == "Grace Brewster Hopper")
        #expect(try String.fetchOne(db, sql: "SELECT longest(name) FROM person WHERE 0") == nil)
        #expect(try String.fetchAll(db, sql: "SELECT name FROM person ORDER BY name COLLATE length, name")
                == ["Kay", "Alan Turing", "Ada Lovelace", "Grace Brewster Hopper"])
        // A pure function may be indexed.
        try db.execute(sql: "CREATE INDEX person_initials ON person(initials(name))")
        #expect(try String.fetchOne(db, sql: "SELECT name FROM person WHERE initials(name) = 'AT'") == "Alan Turing")
    }

    @Test func aSwiftErrorBecomesTheStatementsError() throws {
        let db = try Self.database()
        let error = try #require(throws: DatabaseError.self) { try db.execute(sql: "SELECT fail()") }
        #expect(error.message.contains("refused by Swift"))
        #expect(try Int.fetchOne(db, sql: "SELECT 1") == 1)
    }

    @Test func everyConnectionOfAPoolThroughPrepareDatabase() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-functions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = Database.Configuration()
        configuration.prepareDatabase = { db in
            try db.add(function: DatabaseFunction("twice", argumentCount: 1, pure: true) { arguments in
                guard case .integer(let value) = arguments[0] else { return nil }
                return value * 2
            })
        }
        let pool = try DatabasePool(path: directory.appendingPathComponent("db.sqlite").path, configuration: configuration)
        #expect(try await pool.write { db in try Int.fetchOne(db, sql: "SELECT twice(21)") } == 42)
        #expect(try await pool.read { db in try Int.fetchOne(db, sql: "SELECT twice(4)") } == 8)
        try pool.close()
    }
}
