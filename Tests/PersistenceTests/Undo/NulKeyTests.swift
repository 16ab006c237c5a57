import Foundation
import Testing
@testable import Persistence

/// Text keys holding a `NUL` byte in a `WITHOUT ROWID` table: `quote()`
/// cuts text at the `NUL`, so two such keys would be recorded as one.
@Suite struct NulKeyTests {
    static let schema = "CREATE TABLE tag (name TEXT, n INTEGER, label TEXT, PRIMARY KEY (name, n)) WITHOUT ROWID"
    static let first = "'a' || char(0) || 'b'", second = "'a' || char(0) || 'c'"

    @Test func historyKeysKeepEveryByteOfTheText() throws {
        try withDatabase { db in
            try db.execute(sql: Self.schema)
            try db.execute(sql: "INSERT INTO tag VALUES (\(Self.first), 1, 'one'), (\(Self.second), 1, 'two')")
            try db.enableChangeHistory(for: ["tag"], values: true)
            let start = try db.currentChangeHistoryToken()
            try db.execute(sql: "UPDATE tag SET label = 'ONE' WHERE name = \(Self.first)")
            try db.execute(sql: "DELETE FROM tag WHERE name = \(Self.second)")
            let keys = try db.changeHistory(since: start).entries.map(\.key)
            #expect(keys == [.text("CAST(X'610062' AS TEXT),1"), .text("CAST(X'610063' AS TEXT),1")])
            // Keys without a NUL keep quote()'s form.
            let plain = try db.currentChangeHistoryToken()
            try db.execute(sql: "INSERT INTO tag VALUES ('it''s', 2, NULL)")
            #expect(try db.changeHistory(since: plain).entries.map(\.key) == [.text("'it''s',2")])
        }
    }

    @Test func undoRestoresTheRowTheKeyNames() throws {
        let directory = try TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.path("nul.sqlite"))
        defer { try? queue.close() }
        try queue.writeAndWait { db in
            try db.execute(sql: Self.schema)
            try db.execute(sql: "INSERT INTO tag VALUES (\(Self.first), 1, 'one'), (\(Self.second), 1, 'two')")
            try db.enableChangeHistory(for: ["tag"], values: true)
        }
        let stack = try DatabaseUndoStack(writer: queue)
        func labels() throws -> [String?] {
            try queue.readAndWait { db in try String?.fetchAll(db, sql: "SELECT label FROM tag ORDER BY name, n") }
        }
        try stack.undoGroupAndWait(name: "Relabel") { db in
            try db.execute(sql: "UPDATE tag SET label = 'TWO' WHERE name = \(Self.second)")
            try db.execute(sql: "DELETE FROM tag WHERE name = \(Self.first)")
        }
        #expect(try labels() == ["TWO"])
        _ = try stack.undo()
        #expect(try labels() == ["one", "two"])
        _ = try stack.redo()
        #expect(try labels() == ["TWO"])
    }

    /// Triggers an earlier Plume wrote (keys by `quote()` alone) are
    /// reported as outdated, saying why, until the history is enabled
    /// again.
    @Test func triggersOfAnEarlierVersionAreCalledOutdated() throws {
        try withDatabase { db in
            try db.execute(sql: Self.schema)
            try db.enableChangeHistory(for: ["tag"], values: true)
            let triggers = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'tag'")
            for trigger in triggers {
                let name = try trigger.decode(String.self, at: 0), sql = try trigger.decode(String.self, at: 1)
                let legacy = ["name", "n"].reduce(sql) { sql, column in
                    ["", "NEW.", "OLD."].reduce(sql) { sql, prefix in
                        sql.replacing(sqlLiteralExpression("\(prefix)\"\(column)\""), with: "quote(\(prefix)\"\(column)\")")
                    }
                }
                try db.execute(sql: "DROP TRIGGER \"\(name)\"")
                try db.execute(sql: legacy)
            }
            let error = #expect(throws: ChangeHistoryError.self) { try db.changeHistory(since: nil) }
            #expect(error?.code == .triggersOutdated && error?.message.contains("earlier version of Plume") == true, "\(String(describing: error))")
            try db.enableChangeHistory(for: ["tag"], values: true)
            #expect(throws: Never.self) { try db.changeHistory(since: nil) }
        }
    }
}
