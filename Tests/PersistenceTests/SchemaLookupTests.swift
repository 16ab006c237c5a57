import Foundation
import Persistence
import Testing

/// `tableExists(_:in:)` and `columns(in:in:)` find a table where an
/// unqualified name in SQL finds it (`temp`, `main`, then attached
/// databases in order), or in the one schema named.
@Suite struct SchemaLookupTests {
    /// An in-memory connection with `archive` and `backup` attached.
    static func database() throws -> Database {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "ATTACH DATABASE ':memory:' AS archive; ATTACH DATABASE ':memory:' AS backup")
        return db
    }

    @Test func aTemporaryTable() throws {
        let db = try Database(path: ":memory:")
        defer { try? db.close() }
        #expect(try !db.tableExists("scratch", in: "temp"))   // before the connection has a temp schema
        try db.execute(sql: "CREATE TEMP TABLE scratch (id INTEGER PRIMARY KEY, note TEXT)")
        #expect(try db.tableExists("scratch"))
        #expect(try db.tableExists("scratch", in: "temp") && db.tableExists("scratch", in: "TEMP"))
        #expect(try !db.tableExists("scratch", in: "main"))
        #expect(try db.columns(in: "scratch").map(\.name) == ["id", "note"])
        #expect(try db.columns(in: "scratch", in: "temp").map(\.name) == ["id", "note"])
        #expect(throws: RecordError.self) { try db.columns(in: "scratch", in: "main") }
    }

    @Test func aTableOfAnAttachedDatabase() throws {
        let db = try Self.database()
        defer { try? db.close() }
        try db.execute(sql: "CREATE TABLE archive.old_photo (id INTEGER PRIMARY KEY, name TEXT); CREATE VIEW archive.old_names AS SELECT name FROM old_photo")
        #expect(try db.tableExists("old_photo") && db.tableExists("old_names"))
        #expect(try db.tableExists("old_photo", in: "archive") && db.tableExists("old_photo", in: "Archive"))
        #expect(try !db.tableExists("old_photo", in: "main") && !db.tableExists("old_photo", in: "backup"))
        #expect(try db.columns(in: "old_photo").map(\.name) == ["id", "name"])
        #expect(try db.columns(in: "old_names", in: "ARCHIVE").map(\.name) == ["name"])
        let error = #expect(throws: RecordError.self) { try db.columns(in: "old_photo", in: "backup") }
        #expect(error?.code == .noSuchTable && error?.message.contains("\"backup\"") == true)
    }

    /// temp shadows main, main shadows attached databases, and the first
    /// attached database shadows the later ones, as in SQL.
    @Test func aNameInSeveralSchemasIsTheOneSQLFinds() throws {
        let db = try Self.database()
        defer { try? db.close() }
        try db.execute(sql: """
            CREATE TABLE backup.photo (backup_only);
            CREATE TABLE archive.photo (archive_only);
            CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TEMP TABLE photo (temp_only);
            """)
        func sqlColumns() throws -> [String] { try db.makeStatement(sql: "SELECT * FROM photo").columnNames }
        #expect(try db.columns(in: "photo").map(\.name) == ["temp_only"])
        #expect(try sqlColumns() == ["temp_only"])
        #expect(try db.columns(in: "photo", in: "main").map(\.name) == ["id", "name"])
        #expect(try db.columns(in: "photo", in: "archive").map(\.name) == ["archive_only"])
        #expect(try db.columns(in: "photo", in: "backup").map(\.name) == ["backup_only"])
        for schema in ["temp", "main", "archive", "backup"] { #expect(try db.tableExists("photo", in: schema)) }

        try db.execute(sql: "DROP TABLE temp.photo")
        #expect(try db.columns(in: "photo").map(\.name) == ["id", "name"])
        #expect(try sqlColumns() == ["id", "name"])
        #expect(try !db.tableExists("photo", in: "temp"))
        try db.execute(sql: "DROP TABLE main.photo")
        #expect(try db.columns(in: "photo").map(\.name) == ["archive_only"])
        #expect(try sqlColumns() == ["archive_only"])
        #expect(try db.tableExists("photo"))
        try db.execute(sql: "DROP TABLE archive.photo; DROP TABLE backup.photo")
        #expect(try !db.tableExists("photo"))
    }

    /// Only ASCII letters compare in any case, in table and schema names.
    @Test func namesAreCaseInsensitiveForASCIILettersOnly() throws {
        let db = try Database(path: ":memory:")
        defer { try? db.close() }
        try db.execute(sql: "ATTACH DATABASE ':memory:' AS \"Archivé\"; CREATE TABLE \"Archivé\".café (id); CREATE TABLE Photo (id)")
        #expect(try db.tableExists("photo") && db.tableExists("PHOTO") && db.tableExists("pHoTo", in: "MAIN"))
        #expect(try db.tableExists("CAFé") && db.tableExists("CAFé", in: "ARCHIVé"))
        #expect(try !db.tableExists("CAFÉ"))
        #expect(throws: DatabaseError.self) { try db.execute(sql: "SELECT * FROM \"CAFÉ\"") }   // SQL agrees
        #expect(throws: DatabaseError.self) { try db.tableExists("café", in: "ARCHIVÉ") }
    }

    /// A view is a table to `tableExists`, as before schemas were taken.
    @Test func viewsCount() throws {
        let db = try Database(path: ":memory:")
        defer { try? db.close() }
        try db.execute(sql: "CREATE TABLE photo (id, name); CREATE TEMP VIEW named AS SELECT name FROM photo")
        #expect(try db.tableExists("named") && db.tableExists("named", in: "temp"))
        #expect(try !db.tableExists("named", in: "main"))
        #expect(try db.columns(in: "named").map(\.name) == ["name"])
    }

    @Test func aSchemaThatDoesNotExistIsAnErrorNamingIt() throws {
        let db = try Self.database()
        defer { try? db.close() }
        try db.execute(sql: "CREATE TABLE photo (id)")
        let exists = #expect(throws: DatabaseError.self) { try db.tableExists("photo", in: "nowhere") }
        #expect(exists?.resultCode == .SQLITE_ERROR)
        #expect(exists?.message == "no such schema: nowhere")
        let columns = #expect(throws: DatabaseError.self) { try db.columns(in: "photo", in: "nowhere") }
        #expect(columns?.message == "no such schema: nowhere")
        try db.execute(sql: "DETACH DATABASE backup")
        #expect(throws: DatabaseError.self) { try db.tableExists("photo", in: "backup") }
    }
}
