import Foundation
import Testing
@testable import Persistence

/// A record stamped in milliseconds, keyed by its stamp.
@Table("reading")
struct MillisecondReading: Equatable {
    static var databaseDateEncodingStrategy: DatabaseDateEncodingStrategy { .millisecondsSince1970 }
    @Column(primaryKey: true) var at: Date
    var value: Double
}

/// `fetchOne(_:key:)` and `deleteOne(_:key:)` by a key of several
/// columns (or a unique index), and the selections that read dates.
@Suite struct UniqueKeyLookupTests {
    @Test func aCompositeKeyFindsAndDeletesOneRow() throws {
        try withDatabase { db in
            try db.execute(sql: """
                CREATE TABLE albumEntry (albumID INTEGER NOT NULL, position INTEGER NOT NULL, photoID INTEGER NOT NULL,
                                         PRIMARY KEY (albumID, position)) WITHOUT ROWID;
                INSERT INTO albumEntry VALUES (1, 0, 10), (1, 1, 11), (2, 0, 20);
                """)
            #expect(try MarkedAlbumEntry.fetchOne(db, key: ["albumID": 1, "position": 1]) == MarkedAlbumEntry(albumID: 1, position: 1, photoID: 11))
            // Names in any case and order; a NULL value matches nothing.
            #expect(try ListedAlbumEntry.fetchOne(db, key: ["POSITION": 0, "albumid": 2])?.photoID == 20)
            #expect(try MarkedAlbumEntry.fetchOne(db, key: ["albumID": 1, "position": nil]) == nil)
            #expect(try MarkedAlbumEntry.fetchOne(db, key: ["albumID": 9, "position": 0]) == nil)
            #expect(try MarkedAlbumEntry.deleteOne(db, key: ["albumID": 1, "position": 0]))
            #expect(try !MarkedAlbumEntry.deleteOne(db, key: ["albumID": 1, "position": 0]))
            #expect(try MarkedAlbumEntry.fetchCount(db) == 2)
        }
    }

    @Test func columnsThatAreNoUniqueKeyAreRefusedNamingThem() throws {
        try withDatabase { db in
            try db.execute(sql: """
                CREATE TABLE albumEntry (albumID INTEGER NOT NULL, position INTEGER NOT NULL, photoID INTEGER NOT NULL,
                                         PRIMARY KEY (albumID, position));
                INSERT INTO albumEntry VALUES (1, 0, 10), (1, 1, 11);
                """)
            let half = try #require(caught(RecordError.self) { _ = try MarkedAlbumEntry.fetchOne(db, key: ["albumID": 1]) })
            #expect(half.code == .keyNotUnique)
            #expect(half.message == "(albumID) is not a unique key of the table, which has the primary key (albumID, position) and no unique index on those columns")
            let unknown = try #require(caught(RecordError.self) { _ = try MarkedAlbumEntry.deleteOne(db, key: ["albumID": 1, "slot": 0]) })
            #expect(unknown.message == #"the table has no column "slot""#)
            let twice = try #require(caught(RecordError.self) { _ = try MarkedAlbumEntry.fetchOne(db, key: ["albumID": 1, "ALBUMID": 1]) })
            #expect(twice.message.hasPrefix("the key names a column twice"))
            #expect(caught(RecordError.self) { _ = try MarkedAlbumEntry.fetchOne(db, key: [:]) }?.code == .keyNotUnique)
            #expect(try MarkedAlbumEntry.fetchCount(db) == 2)
            // A unique index is a key for lookups, nullable or not.
            try db.execute(sql: "CREATE UNIQUE INDEX entryPhoto ON albumEntry(photoID)")
            #expect(try MarkedAlbumEntry.fetchOne(db, key: ["photoID": 11])?.position == 1)
        }
    }

    @Test func dateKeysAndSelectedDatesReadAsTheRecordWritesThem() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE reading (at INTEGER PRIMARY KEY, value REAL NOT NULL)")
            let first = Date(timeIntervalSince1970: 1_700_000_000.25)
            let second = Date(timeIntervalSince1970: 1_700_000_100.5)
            try MillisecondReading(at: first, value: 1).insert(db)
            try MillisecondReading(at: second, value: 2).insert(db)
            #expect(try Int64.fetchOne(db, sql: "SELECT min(at) FROM reading") == 1_700_000_000_250)
            #expect(try MillisecondReading.fetchOne(db, key: second)?.value == 2)
            #expect(try MillisecondReading.fetchOne(db, key: ["at": first])?.value == 1)
            // A tuple of a date column, and its aggregate, read milliseconds.
            let pairs = try MillisecondReading.all().order(by: \.at).select { ($0.at, $0.value) }.fetchAll(db)
            #expect(pairs.map(\.0) == [first, second])
            let latest: Date?? = try MillisecondReading.all().select { $0.at.max }.fetchOne(db)
            #expect(latest.flatMap { $0 } == second)
            let none: Date?? = try MillisecondReading.all().where { $0.value > 5 }.select { $0.at.max }.fetchOne(db)
            #expect(none.map { $0 == nil } == true)
            #expect(try MillisecondReading.deleteOne(db, key: first))
            #expect(try MillisecondReading.fetchCount(db) == 1)
        }
    }

    @Test func aTypedRecordLooksUpItsDeclaredKeyWithOneStatement() throws {
        try withDatabase { db in
            try db.execute(sql: """
                CREATE TABLE albumEntry (albumID INTEGER NOT NULL, position INTEGER NOT NULL, photoID INTEGER NOT NULL,
                                         PRIMARY KEY (albumID, position));
                CREATE TABLE account (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL);
                INSERT INTO account (email, name) VALUES ('a@x', 'Ann'), ('b@x', 'Bob');
                """)
            // The record's key is a unique column, not the table's key.
            #expect(try AccountByEmail.fetchOne(db, key: "b@x") == AccountByEmail(email: "b@x", name: "Bob"))
            #expect(try AccountByEmail.fetchOne(db, key: "c@x") == nil)
            let composite = try #require(caught(RecordError.self) { _ = try MarkedAlbumEntry.fetchOne(db, key: 1) })
            #expect(composite.message.contains("has a key of 2 columns (albumID, position)"))
            // Statements are cached per connection; a schema change makes
            // them again.
            try db.execute(sql: "ALTER TABLE account RENAME COLUMN name TO fullName; ALTER TABLE account ADD COLUMN name TEXT NOT NULL DEFAULT 'new'")
            #expect(try AccountByEmail.fetchOne(db, key: "a@x")?.name == "new")
        }
    }

    /// Identifiers are quoted with every double quote doubled, whatever
    /// follows it: a quote before a combining mark too.
    @Test func quotedIdentifiersDoubleEveryQuote() throws {
        #expect(quoteIdentifier("photo") == #""photo""#)
        #expect(quoteIdentifier(#"a"b"#) == #""a""b""#)
        #expect(quoteIdentifier("a\"\u{301}b").unicodeScalars.map(\.value) == [0x22, 0x61, 0x22, 0x22, 0x301, 0x62, 0x22])
        try withDatabase { db in
            let name = "t\"\u{301}x"
            try db.execute(sql: "CREATE TABLE \(quoteIdentifier(name)) (v)")
            #expect(try String.fetchOne(db, sql: "SELECT name FROM sqlite_master") == name)
        }
    }
}
