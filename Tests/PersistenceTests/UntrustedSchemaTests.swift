import Foundation
import Persistence
import Testing

/// Issue 33, class 4: a connection opens as SQLite advises for database
/// files someone else may have written: the schema is not trusted (a view
/// or trigger calls innocuous functions only), the connection is defensive
/// (no writes to `sqlite_schema` through `writable_schema`), and SQL cannot
/// load extensions. Each has a switch to turn it off.
@Suite struct UntrustedSchemaTests {
    /// A function with side effects as far as SQLite knows (not pure).
    private func addImpureFunction(_ db: Database) throws {
        try db.add(function: DatabaseFunction("side_effect", argumentCount: 0, pure: false, function: { _ in 1 }))
    }

    @Test func aViewCannotCallAFunctionWithSideEffects() throws {
        let db = try Database(location: .inMemory)
        try addImpureFunction(db)
        try db.execute(sql: "CREATE VIEW v AS SELECT side_effect() AS x")
        #expect(try Int.fetchOne(db, sql: "SELECT side_effect()") == 1, "called directly, it runs")
        #expect {
            _ = try Int.fetchOne(db, sql: "SELECT x FROM v")
        } throws: { error in
            "\(error)".contains("unsafe use of side_effect()")
        }
    }

    @Test func aPureFunctionStillRunsFromTheSchema() throws {
        let db = try Database(location: .inMemory)
        try db.add(function: DatabaseFunction("twice", argumentCount: 1, pure: true, function: { values in
            if case .integer(let value) = values[0] { return value * 2 }
            return nil
        }))
        try db.execute(sql: "CREATE TABLE t(a, b AS (twice(a))); INSERT INTO t(a) VALUES (21); CREATE INDEX i ON t(twice(a))")
        #expect(try Int.fetchOne(db, sql: "SELECT b FROM t") == 42)
    }

    @Test func trustingTheSchemaIsASwitch() throws {
        var configuration = Database.Configuration()
        configuration.trustsSchema = true
        let db = try Database(location: .inMemory, configuration: configuration)
        try addImpureFunction(db)
        try db.execute(sql: "CREATE VIEW v AS SELECT side_effect() AS x")
        #expect(try Int.fetchOne(db, sql: "SELECT x FROM v") == 1)
    }

    @Test func theSchemaCannotBeWrittenThroughWritableSchema() throws {
        let db = try Database(location: .inMemory)
        try db.execute(sql: "CREATE TABLE t(a)")
        try db.execute(sql: "PRAGMA writable_schema = ON")
        #expect(throws: DatabaseError.self) {
            try db.execute(sql: "UPDATE sqlite_schema SET sql = 'CREATE TABLE t(a, b)' WHERE name = 't'")
        }
        #expect(try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE name = 't'") == "CREATE TABLE t(a)")
    }

    @Test func defensiveModeIsASwitch() throws {
        var configuration = Database.Configuration()
        configuration.isDefensive = false
        let db = try Database(location: .inMemory, configuration: configuration)
        try db.execute(sql: "CREATE TABLE t(a)")
        try db.execute(sql: "PRAGMA writable_schema = ON")
        try db.execute(sql: "UPDATE sqlite_schema SET sql = 'CREATE TABLE t(a )' WHERE name = 't'")
        #expect(try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE name = 't'") == "CREATE TABLE t(a )")
    }

    @Test func sqlCannotLoadAnExtensionUnlessAllowed() throws {
        let db = try Database(location: .inMemory)
        #expect {
            _ = try String.fetchOne(db, sql: "SELECT load_extension('/nonexistent/plume-extension')")
        } throws: { error in
            "\(error)".contains("not authorized")
        }
        var configuration = Database.Configuration()
        configuration.allowsLoadingExtensions = true
        let allowed = try Database(location: .inMemory, configuration: configuration)
        #expect {
            _ = try String.fetchOne(allowed, sql: "SELECT load_extension('/nonexistent/plume-extension')")
        } throws: { error in
            // Allowed, it tries, and fails to find the file.
            !"\(error)".contains("not authorized")
        }
    }
}
