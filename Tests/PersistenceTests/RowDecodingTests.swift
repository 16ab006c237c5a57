import Foundation
import Testing
@testable import Persistence

@Suite struct RowDecodingTests {
    struct HandPhoto: FetchableRecord, Equatable {
        var id: Int64
        var name: String
        var rating: Int?
        init(row: RowView) throws {
            id = try row.decode(at: 0)
            name = try row.decode(column: "NAME") // case-insensitive
            rating = try row.decode(column: "rating")
        }
    }

    @Test func rowsReadByIndexAndByName() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let row = try #require(try Row.fetchOne(db, sql: "SELECT id, name, rating FROM photo WHERE id = 2"))
            #expect(row.count == 3)
            #expect(row.columnNames == ["id", "name", "rating"])
            #expect(row[0] == .integer(2))
            #expect(row["Name"] == .text("Dog"))
            #expect(row["missing"] == nil)
            #expect(row["rating"] == .null)
            #expect(row.hasColumn("RATING"))
            #expect(try row.decode(String.self, column: "name") == "Dog")
            #expect(row.description == "[id:2 name:'Dog' rating:NULL]")
        }
    }

    @Test func handWrittenRecords() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let photos = try HandPhoto.fetchAll(db, sql: "SELECT id, name, rating FROM photo ORDER BY id")
            #expect(photos.map(\.name) == ["Sunset", "Dog", "Harbor"])
            #expect(photos.map(\.rating) == [5, nil, 3])
            #expect(try HandPhoto.fetchOne(db, sql: "SELECT id, name, rating FROM photo WHERE id = ?", arguments: [3])?.name == "Harbor")
            #expect(try HandPhoto.fetchOne(db, sql: "SELECT id, name, rating FROM photo WHERE id = ?", arguments: [99]) == nil)
        }
    }

    @Test func cursorIteratesWithoutMaterializing() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let cursor = try HandPhoto.fetchCursor(db, sql: "SELECT id, name, rating FROM photo ORDER BY id")
            #expect(try cursor.next()?.name == "Sunset")
            // The connection can be used while the cursor is open.
            try db.execute(sql: "CREATE TEMP TABLE seen (id)")
            #expect(try cursor.collect().map(\.id) == [2, 3])
            #expect(try cursor.next() == nil)
        }
    }

    @Test func rowsKeptFromACursorAreNotOverwritten() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let cursor = try Row.fetchCursor(db, sql: "SELECT name FROM photo ORDER BY id")
            var kept: [Row] = []
            while let row = try cursor.next() { kept.append(row) }
            #expect(kept.map { $0[0] } == [.text("Sunset"), .text("Dog"), .text("Harbor")])
        }
    }

    @Test func wrongTypeIsAnErrorNamingColumnAndSQL() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let before = try photoDump(db)
            let sql = "SELECT name AS id, name, rating FROM photo ORDER BY id"
            let error = try #require(caught(RowDecodingError.self) { _ = try HandPhoto.fetchAll(db, sql: sql) })
            #expect(error.kind == .typeMismatch)
            #expect(error.column == "id")
            #expect(error.sql == sql)
            #expect(error.description.contains("cannot decode Int64 from column \"id\""))
            #expect(error.description.contains(sql))
            #expect(try photoDump(db) == before)
        }
    }

    @Test func nullIntoNonOptionalIsAnError() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let error = try #require(caught(RowDecodingError.self) { _ = try Int.fetchAll(db, sql: "SELECT rating FROM photo ORDER BY id") })
            #expect(error.kind == .typeMismatch)
            #expect(error.value == .null)
        }
    }

    @Test func unknownColumnIsAnErrorListingTheColumns() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let sql = "SELECT id, rating FROM photo"
            let error = try #require(caught(RowDecodingError.self) { _ = try HandPhoto.fetchOne(db, sql: sql) })
            #expect(error.kind == .columnNotFound)
            #expect(error.column == "NAME")
            #expect(error.availableColumns == ["id", "rating"])
            #expect(error.description.contains("no column named \"NAME\" (the row has: id, rating)"))
            #expect(error.sql == sql)
            let row = try #require(try Row.fetchOne(db, sql: sql))
            #expect(caught(RowDecodingError.self) { _ = try row.decode(Int.self, at: 5) }?.kind == .indexOutOfRange)
        }
    }

    @Test func datesReadFromRealIntegerAndText() throws {
        try withDatabase { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT 86400.5, 86400, '1970-01-02 00:00:00', '1970-01-02T00:00:00.500Z', '1970-01-02', 'yesterday'"))
            #expect(try row.decode(Date.self, at: 0) == Date(timeIntervalSince1970: 86400.5))
            #expect(try row.decode(Date.self, at: 1) == Date(timeIntervalSince1970: 86400))
            #expect(try row.decode(Date.self, at: 2) == Date(timeIntervalSince1970: 86400))
            #expect(try row.decode(Date.self, at: 3) == Date(timeIntervalSince1970: 86400.5))
            #expect(try row.decode(Date.self, at: 4) == Date(timeIntervalSince1970: 86400))
            #expect(caught(RowDecodingError.self) { _ = try row.decode(Date.self, at: 5) }?.kind == .typeMismatch)
        }
    }
}

/// Serialized: two tests share `KeepsSomeRows.kept`.
@Suite(.serialized) struct LentRowTests {
    /// A record that keeps the view it was given, on the fetch's thread
    /// (a view cannot be sent elsewhere: it is not `Sendable`).
    struct KeepsRow: FetchableRecord {
        var row: RowView
        init(row: RowView) { self.row = row }
    }

    /// A record that keeps a copy, which it may send anywhere.
    struct CopiesRow: FetchableRecord, Sendable {
        var row: Row
        init(row: RowView) { self.row = Row(row) }
    }

    @Test func copiesOfViewsCrossThreads() async throws {
        let copies = try withDatabase { db in
            try makePhotoTable(db)
            return try CopiesRow.fetchAll(db, sql: "SELECT id, name FROM photo ORDER BY id")
        }
        let names = await Task.detached { copies.map { $0.row["name"] } }.value
        #expect(names == [.text("Sunset"), .text("Dog"), .text("Harbor")])
    }

    @Test func recordsThatKeepTheirRowGetACopy() throws {
        let kept: [KeepsRow]
        let first: KeepsRow?
        do {
            let db = try Database(location: .inMemory)
            try makePhotoTable(db)
            kept = try KeepsRow.fetchAll(db, sql: "SELECT id, name FROM photo ORDER BY id")
            first = try KeepsRow.fetchOne(db, sql: "SELECT id, name FROM photo ORDER BY id")
            let cursor = try KeepsRow.fetchCursor(db, sql: "SELECT name FROM photo ORDER BY id DESC")
            let last = try #require(try cursor.next())
            try db.close()
            // Read after the statement is gone.
            #expect(last.row[0] == .text("Harbor"))
        }
        #expect(kept.map { $0.row["name"] } == [.text("Sunset"), .text("Dog"), .text("Harbor")])
        #expect(kept.map(\.row.values) == [[.integer(1), .text("Sunset")], [.integer(2), .text("Dog")], [.integer(3), .text("Harbor")]])
        #expect(first?.row.copy() == Row(["id": .integer(1), "name": .text("Sunset")]))
    }

    /// Keeps every other row, borrowing the view as `@Table`'s records do,
    /// and fails on the row named "Harbor".
    struct KeepsSomeRows: FetchableRecord {
        nonisolated(unsafe) static var kept: [RowView] = []
        var name: String
        init(row: borrowing RowView) throws {
            name = try row.decode(column: "name")
            if name == "Harbor" {
                Self.kept.append(copy row)
                throw RowDecodingError.columnNotFound("Harbor", type: String.self, layout: row.layout)
            }
            if try row.decode(Int64.self, at: 0) % 2 == 1 { Self.kept.append(copy row) }
        }
    }

    @Test func aFetchLendsANewRowAfterEachKeptOneAndAfterAFailure() throws {
        KeepsSomeRows.kept = []
        defer { KeepsSomeRows.kept = [] }
        let db = try Database(location: .inMemory)
        try makePhotoTable(db)
        try db.execute(sql: "INSERT INTO photo (id, name) VALUES (4, 'Boat'), (5, 'Bridge')")
        let all = try KeepsSomeRows.fetchAll(db, sql: "SELECT id, name FROM photo WHERE name <> 'Harbor' ORDER BY id")
        #expect(all.map(\.name) == ["Sunset", "Dog", "Boat", "Bridge"])
        #expect(throws: RowDecodingError.self) {
            try KeepsSomeRows.fetchAll(db, sql: "SELECT id, name FROM photo ORDER BY id")
        }
        // The statement moved on and was reset: what was kept still reads
        // its own row, and the connection is free.
        try db.close()
        #expect(KeepsSomeRows.kept.map { $0["name"] } == [.text("Sunset"), .text("Bridge"), .text("Sunset"), .text("Harbor")])
        #expect(KeepsSomeRows.kept.map { $0[0] } == [.integer(1), .integer(5), .integer(1), .integer(3)])
    }

    /// A cursor lends its view as a fetch does: a record that keeps it
    /// gets a copy, the next one a new view, also after a failure.
    @Test func aCursorLendsANewRowAfterEachKeptOneAndAfterAFailure() throws {
        KeepsSomeRows.kept = []
        defer { KeepsSomeRows.kept = [] }
        let db = try Database(location: .inMemory)
        try makePhotoTable(db)
        try db.execute(sql: "INSERT INTO photo (id, name) VALUES (4, 'Boat'), (5, 'Bridge')")
        let cursor = try KeepsSomeRows.fetchCursor(db, sql: "SELECT id, name FROM photo ORDER BY id")
        #expect(try cursor.next()?.name == "Sunset")
        #expect(try cursor.next()?.name == "Dog")
        #expect(throws: RowDecodingError.self) { try cursor.next() }
        // The failure ends the cursor.
        #expect(try cursor.next() == nil)
        let others = try KeepsSomeRows.fetchCursor(db, sql: "SELECT id, name FROM photo WHERE id > 3 ORDER BY id")
        #expect(try others.collect().map(\.name) == ["Boat", "Bridge"])
        try db.close()
        #expect(KeepsSomeRows.kept.map { $0["name"] } == [.text("Sunset"), .text("Harbor"), .text("Bridge")])
        #expect(KeepsSomeRows.kept.map { $0[0] } == [.integer(1), .integer(3), .integer(5)])
    }

    @Test func keptRowsCrossThreads() async throws {
        let rows = try withDatabase { db in
            try makePhotoTable(db)
            return try Row.fetchAll(db, sql: "SELECT name FROM photo ORDER BY id")
        }
        let names = await Task.detached { rows.map { $0[0] } }.value
        #expect(names == [.text("Sunset"), .text("Dog"), .text("Harbor")])
    }

    @Test func valuesTooLargeForSQLiteAreEncodingErrors() throws {
        struct Big: Codable, PersistableRecord {
            static let databaseTableName = "big"
            var id: Int64
            var value: UInt64
        }
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE big (id INTEGER PRIMARY KEY, value INTEGER)")
            #expect(throws: EncodingError.self) { try Big(id: 1, value: .max).insert(db) }
            try Big(id: 2, value: 42).insert(db)
            #expect(try Int.fetchAll(db, sql: "SELECT value FROM big") == [42])
        }
    }
}
