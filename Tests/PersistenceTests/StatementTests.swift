import Foundation
import Testing
@testable import Persistence

@Suite struct StatementTests {
    @Test func badSQLIsAClearErrorAndChangesNothing() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let before = try photoDump(db)
            let error = try #require(caught(DatabaseError.self) { try db.execute(sql: "UPDATE photo SET rating = 1 WHER id = 1") })
            #expect(error.resultCode == .SQLITE_ERROR)
            #expect(error.message.contains("syntax error"))
            #expect(error.sql == "UPDATE photo SET rating = 1 WHER id = 1")
            #expect(error.description.contains("WHER"))
            #expect(try photoDump(db) == before)

            let unknown = try #require(caught(DatabaseError.self) { _ = try db.makeStatement(sql: "SELECT nope FROM photo") })
            #expect(unknown.message.contains("no such column: nope"))
        }
    }

    @Test func makeStatementRefusesSeveralStatements() throws {
        try withDatabase { db in
            let error = try #require(caught(DatabaseError.self) { _ = try db.makeStatement(sql: "SELECT 1; SELECT 2") })
            #expect(error.extendedResultCode == .SQLITE_MISUSE)
            #expect(error.message.contains("several"))
            // Trailing separators and comments are not statements.
            #expect(try db.makeStatement(sql: "SELECT 1; -- done\n").columnCount == 1)
        }
    }

    @Test func constraintViolationKeepsExtendedCodeMatchableByPrimaryCode() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.execute(sql: "CREATE TABLE tag (photo_id INTEGER NOT NULL REFERENCES photo(id), label TEXT)")
            let before = try photoDump(db)
            let cases: [(String, ResultCode)] = [
                ("INSERT INTO photo (id, name) VALUES (1, 'Duplicate id')", .SQLITE_CONSTRAINT_PRIMARYKEY),
                ("INSERT INTO photo (name) VALUES ('Sunset')", .SQLITE_CONSTRAINT_UNIQUE),
                ("INSERT INTO photo (name) VALUES (NULL)", .SQLITE_CONSTRAINT_NOTNULL),
                ("INSERT INTO tag (photo_id, label) VALUES (999, 'x')", .SQLITE_CONSTRAINT_FOREIGNKEY),
            ]
            for (sql, expected) in cases {
                let error = try #require(caught(DatabaseError.self) { try db.execute(sql: sql) })
                #expect(error.extendedResultCode == expected, "\(sql)")
                #expect(error.resultCode == .SQLITE_CONSTRAINT)
                #expect(ResultCode.SQLITE_CONSTRAINT ~= error.extendedResultCode)
                #expect(!(ResultCode.SQLITE_CONSTRAINT_CHECK ~= error.extendedResultCode))
                switch error.extendedResultCode {
                case .SQLITE_CONSTRAINT: break
                default: Issue.record("a constraint code must match SQLITE_CONSTRAINT")
                }
                #expect(error.sql == sql)
            }
            #expect(try photoDump(db) == before)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM tag") == 0)
        }
    }

    @Test func argumentsStayOutOfTheDescriptionUnlessAsked() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let error = try #require(caught(DatabaseError.self) {
                try db.execute(sql: "INSERT INTO photo (name) VALUES (?)", arguments: ["Sunset"])
            })
            #expect(error.arguments == ["Sunset"])
            #expect(!error.description.contains("Sunset"))
            #expect(error.withPublicArguments().description.contains("'Sunset'"))
        }
    }

    @Test(arguments: [":", "$", "@"])
    func namedParameters(prefix: String) throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.execute(sql: "UPDATE photo SET rating = \(prefix)rating WHERE name = \(prefix)name",
                           arguments: ["rating": 1, "name": "Dog"])
            #expect(try Int.fetchOne(db, sql: "SELECT rating FROM photo WHERE name = 'Dog'") == 1)
            let error = try #require(caught(DatabaseError.self) {
                try db.execute(sql: "UPDATE photo SET rating = \(prefix)rating", arguments: ["other": 1])
            })
            #expect(error.extendedResultCode == .SQLITE_RANGE)
            #expect(error.message.contains("\(prefix)rating"))
        }
    }

    @Test func wrongArgumentCountIsAnError() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let before = try photoDump(db)
            let statement = try db.makeStatement(sql: "INSERT INTO photo (name, rating) VALUES (?, ?)")
            #expect(caught(DatabaseError.self) { try statement.execute(arguments: ["Only one"]) }?.extendedResultCode == .SQLITE_RANGE)
            #expect(caught(DatabaseError.self) { try statement.execute(arguments: ["a", 1, 2]) }?.message.contains("takes 2, got 3") == true)
            #expect(caught(DatabaseError.self) { try db.execute(sql: "SELECT ?", arguments: [1, 2]) }?.extendedResultCode == .SQLITE_MISUSE)
            #expect(try photoDump(db) == before)
        }
    }

    @Test func everyBindableTypeRoundTrips() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE value (v)")
            let date = Date(timeIntervalSince1970: 1_700_000_000.25)
            let uuid = UUID()
            let data = Data([0, 1, 2, 255])
            let insert = try db.makeStatement(sql: "INSERT INTO value (v) VALUES (?)")
            let values: [(any DatabaseValueConvertible)?] = [
                42 as Int, Int64.max, Int32.min, 1.5 as Double, Float(2.5), "héllo ✓", data, true, false, date, uuid, nil,
            ]
            for value in values { try insert.execute(arguments: [value]) }
            let rows = try Row.fetchAll(db, sql: "SELECT v, typeof(v) FROM value ORDER BY rowid")
            #expect(rows.map { try! $0.decode(String.self, at: 1) } == [
                "integer", "integer", "integer", "real", "real", "text", "blob", "integer", "integer", "text", "blob", "null",
            ])
            #expect(try rows[0].decode(Int.self, at: 0) == 42)
            #expect(try rows[1].decode(Int64.self, at: 0) == .max)
            #expect(try rows[2].decode(Int32.self, at: 0) == .min)
            #expect(try rows[3].decode(Double.self, at: 0) == 1.5)
            #expect(try rows[4].decode(Float.self, at: 0) == 2.5)
            #expect(try rows[5].decode(String.self, at: 0) == "héllo ✓")
            #expect(try rows[6].decode(Data.self, at: 0) == data)
            #expect(try rows[7].decode(Bool.self, at: 0) == true)
            #expect(try rows[8].decode(Bool.self, at: 0) == false)
            #expect(try rows[9].decode(Date.self, at: 0) == date)
            #expect(try rows[10].decode(UUID.self, at: 0) == uuid)
            #expect(try rows[11].decode(Int?.self, at: 0) == nil)
            #expect(rows[11][0] == .null)
        }
    }

    @Test func bindOneValueAtATime() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let insert = try db.makeStatement(sql: "INSERT INTO photo (name, rating) VALUES (?, ?)")
            for index in 1...3 {
                try insert.bind("Bound \(index)", at: 1)
                try insert.bind(index, at: 2)
                try insert.run()
            }
            #expect(try String.fetchAll(db, sql: "SELECT name FROM photo WHERE name LIKE 'Bound%' ORDER BY id") == ["Bound 1", "Bound 2", "Bound 3"])
            #expect(caught(DatabaseError.self) { try insert.bind(1, at: 3) }?.extendedResultCode == .SQLITE_RANGE)
        }
    }

    @Test func statementCacheReusesStatements() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let first = try db.cachedStatement(sql: "SELECT name FROM photo WHERE id = ?")
            try first.setArguments([1])
            let second = try db.cachedStatement(sql: "SELECT name FROM photo WHERE id = ?")
            #expect(first === second)
            #expect(second.arguments.isEmpty)
            #expect(try String.fetchOne(db, sql: "SELECT name FROM photo WHERE id = ?", arguments: [2]) == "Dog")
            #expect(try String.fetchOne(db, sql: "SELECT name FROM photo WHERE id = ?", arguments: [3]) == "Harbor")
            db.clearStatementCache()
            #expect(try db.cachedStatement(sql: "SELECT name FROM photo WHERE id = ?") !== first)
        }
    }

    @Test func scriptReportsTheLineOfTheFailingStatement() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let before = try photoDump(db)
            let script = """
                -- a comment
                UPDATE photo SET rating = 0;

                /* another */ INSERT INTO photo (name) VALUES ('Sunset');
                """
            let error = try #require(caught(DatabaseError.self) { try db.inTransaction { try db.execute(sql: script) } })
            #expect(error.line == 4)
            #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE)
            #expect(error.description.contains("line 4"))
            #expect(try photoDump(db) == before) // the transaction undid line 2
        }
    }

    @Test func scriptSpreadsPositionalArgumentsOverItsStatements() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.execute(sql: "UPDATE photo SET rating = ? WHERE id = 1; UPDATE photo SET rating = ? WHERE id = 2", arguments: [10, 20])
            #expect(try Int.fetchAll(db, sql: "SELECT rating FROM photo WHERE id <= 2 ORDER BY id") == [10, 20])
        }
    }

    @Test func busyDatabaseFailsAfterTheTimeoutAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var configuration = Database.Configuration()
        configuration.busyTimeout = .milliseconds(20)
        try withDatabase(.file(path), configuration: configuration) { holder in
            try makePhotoTable(holder)
            try withDatabase(.file(path), configuration: configuration) { other in
                let before = try photoDump(other)
                try holder.execute(sql: "BEGIN IMMEDIATE; UPDATE photo SET rating = 0")
                let error = try #require(caught(DatabaseError.self) {
                    try other.execute(sql: "INSERT INTO photo (name) VALUES ('Blocked')")
                })
                #expect(error.resultCode == .SQLITE_BUSY)
                #expect(error.sql == "INSERT INTO photo (name) VALUES ('Blocked')")
                try holder.execute(sql: "ROLLBACK")
                #expect(try photoDump(other) == before)
                #expect(!other.isInsideTransaction)
            }
        }
    }
}
