import Foundation
import Testing
@testable import Persistence

/// A composite key marked on each property.
@Table("albumEntry")
struct MarkedAlbumEntry: Equatable {
    @Column(primaryKey: true) var albumID: Int64
    @Column(primaryKey: true) var position: Int
    var photoID: Int64
}

/// The same key, listed on the table (in another order than declared).
@Table("albumEntry", primaryKey: ["position", "albumID"])
struct ListedAlbumEntry: Equatable {
    var albumID: Int64
    var position: Int
    var photoID: Int64
}

/// One column of the composite key, declared as the whole key.
@Table("albumEntry")
struct HalfKeyedAlbumEntry: Equatable {
    @Column(primaryKey: true) var albumID: Int64
    var position: Int
    var photoID: Int64
}

/// `id` by default, where `id` is no key of the table.
@Table("tagged")
struct DefaultIDRecord: Equatable {
    var id: Int64
    var tag: String
}

/// A key that is a unique index of NOT NULL columns.
@Table("account", primaryKey: ["email"])
struct AccountByEmail: Equatable {
    var email: String
    var name: String
}

@Suite struct TypedTableCompositeKeyTests {
    static func makeEntries(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE albumEntry (albumID INTEGER NOT NULL, position INTEGER NOT NULL, photoID INTEGER NOT NULL,
                                     PRIMARY KEY (albumID, position));
            INSERT INTO albumEntry VALUES (1, 0, 10), (1, 1, 11), (2, 0, 20);
            """)
    }

    static func rows(_ db: Database) throws -> [[Int64]] {
        try Row.fetchAll(db, sql: "SELECT albumID, position, photoID FROM albumEntry ORDER BY albumID, position").map { row in
            try (0..<3).map { try row.decode(Int64.self, at: $0) }
        }
    }

    @Test func bothDeclarationsMakeTheSameKey() {
        #expect(MarkedAlbumEntry.tableSchema.primaryKeyColumns.map(\.name) == ["albumID", "position"])
        #expect(ListedAlbumEntry.tableSchema.primaryKeyColumns.map(\.name) == ["albumID", "position"])
        #expect(MarkedAlbumEntry.tableSchema.primaryKey == nil)
    }

    @Test(arguments: [false, true])
    func writesMatchTheWholeKey(listed: Bool) throws {
        try withDatabase { db in
            try Self.makeEntries(db)
            if listed {
                try db.validate(ListedAlbumEntry.self)
                try ListedAlbumEntry(albumID: 1, position: 1, photoID: 99).update(db)
                #expect(try ListedAlbumEntry(albumID: 1, position: 0, photoID: 0).exists(db))
                #expect(try ListedAlbumEntry(albumID: 1, position: 0, photoID: 0).delete(db))
                try ListedAlbumEntry(albumID: 2, position: 0, photoID: 21).upsert(db)
            } else {
                try db.validate(MarkedAlbumEntry.self)
                try MarkedAlbumEntry(albumID: 1, position: 1, photoID: 99).update(db)
                #expect(try MarkedAlbumEntry(albumID: 1, position: 0, photoID: 0).exists(db))
                #expect(try MarkedAlbumEntry(albumID: 1, position: 0, photoID: 0).delete(db))
                try MarkedAlbumEntry(albumID: 2, position: 0, photoID: 21).upsert(db)
            }
            #expect(try Self.rows(db) == [[1, 1, 99], [2, 0, 21]])
            let ghost = MarkedAlbumEntry(albumID: 3, position: 3, photoID: 0)
            let error = try #require(caught(RecordError.self) { try ghost.update(db) })
            #expect(error.code == .recordNotFound)
            #expect(error.message == "no row has albumID = 3, position = 3")
        }
    }

    @Test func aKeyThatIsPartOfTheTablesKeyIsRefusedBeforeAnyRowChanges() throws {
        try withDatabase { db in
            try Self.makeEntries(db)
            let validation = try #require(caught(RecordError.self) { try db.validate(HalfKeyedAlbumEntry.self) })
            #expect(validation.code == .keyNotUnique)
            #expect(validation.message.contains("HalfKeyedAlbumEntry declares the key (albumID), but the table has primary key (albumID, position)"))
            let entry = HalfKeyedAlbumEntry(albumID: 1, position: 0, photoID: 10)
            #expect(caught(RecordError.self) { try entry.delete(db) }?.code == .keyNotUnique)
            #expect(caught(RecordError.self) { try entry.update(db) }?.code == .keyNotUnique)
            #expect(caught(RecordError.self) { _ = try entry.exists(db) }?.code == .keyNotUnique)
            #expect(try Self.rows(db) == [[1, 0, 10], [1, 1, 11], [2, 0, 20]])
            // Inserting needs no key.
            try HalfKeyedAlbumEntry(albumID: 3, position: 0, photoID: 30).insert(db)
        }
    }

    @Test func theDefaultIDKeyIsCheckedToo() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE tagged (id INTEGER NOT NULL, tag TEXT NOT NULL); INSERT INTO tagged VALUES (1, 'a'), (1, 'b')")
            #expect(caught(RecordError.self) { try db.validate(DefaultIDRecord.self) }?.code == .keyNotUnique)
            #expect(caught(RecordError.self) { try DefaultIDRecord(id: 1, tag: "c").delete(db) }?.code == .keyNotUnique)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM tagged") == 2)
            // A unique index on a nullable column does not make a key; once
            // NOT NULL, it does.
            try db.execute(sql: "DROP TABLE tagged; CREATE TABLE tagged (id INTEGER, tag TEXT NOT NULL); CREATE UNIQUE INDEX taggedID ON tagged(id)")
            #expect(caught(RecordError.self) { try db.validate(DefaultIDRecord.self) }?.code == .keyNotUnique)
            try db.execute(sql: "DROP TABLE tagged; CREATE TABLE tagged (ID INTEGER NOT NULL, tag TEXT NOT NULL); CREATE UNIQUE INDEX taggedID ON tagged(ID)")
            try db.validate(DefaultIDRecord.self)
            try DefaultIDRecord(id: 1, tag: "a").insert(db)
            try DefaultIDRecord(id: 1, tag: "b").update(db)
            #expect(try DefaultIDRecord.all().fetchAll(db) == [DefaultIDRecord(id: 1, tag: "b")])
        }
    }

    @Test func partialUniqueIndexesAreNoKey() throws {
        try withDatabase { db in
            try db.execute(sql: """
                CREATE TABLE account (id INTEGER PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL);
                CREATE UNIQUE INDEX accountEmail ON account(email) WHERE name <> '';
                """)
            #expect(caught(RecordError.self) { try db.validate(AccountByEmail.self) }?.code == .keyNotUnique)
            try db.execute(sql: "DROP INDEX accountEmail; CREATE UNIQUE INDEX accountEmail ON account(email)")
            try db.validate(AccountByEmail.self)
            try db.execute(sql: "INSERT INTO account (email, name) VALUES ('a@x', 'A'), ('b@x', 'B')")
            try AccountByEmail(email: "a@x", name: "Ann").update(db)
            #expect(try AccountByEmail.all().order(by: \.email).fetchAll(db).map(\.name) == ["Ann", "B"])
        }
    }
}
