import Persistence
import Testing

/// Double-quoted string literals are off on every connection Plume opens,
/// as SQLite recommends: a misspelled column in double quotes is an error,
/// not a constant.
@Suite struct DoubleQuotedStringTests {
    @Test func aMisspelledQuotedColumnIsAnErrorNotAString() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE task (id INTEGER PRIMARY KEY, due_date TEXT)")
        #expect(throws: DatabaseError.self) { try db.execute(sql: "SELECT * FROM task ORDER BY \"dueDate\"") }
        #expect(throws: DatabaseError.self) { try db.execute(sql: "CREATE TABLE bad (x DEFAULT \"text\" CHECK (x <> \"y\"))") }
        var configuration = Database.Configuration()
        configuration.allowsDoubleQuotedStringLiterals = true
        let legacy = try Database(location: .inMemory, configuration: configuration)
        #expect(try String.fetchOne(legacy, sql: "SELECT \"abc\"") == "abc")
    }
}
