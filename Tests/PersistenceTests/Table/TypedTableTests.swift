import Foundation
import Testing
@testable import Persistence

/// The records of the typed-table tests.
@Table("photo")
struct TypedPhoto: Equatable, Sendable {
    /// Not a column either.
    static let placeholderName = "untitled"
    @Column(primaryKey: true) var id: Int64?
    var name: String
    /// Nil when the photo is in no album.
    var album: String?
    var rating: Int = 0
    @Column("created_at") var created: Date
    /// Not a column.
    var isFavourite: Bool { rating >= 4 }
}

/// A record without a primary key: it inserts, and cannot update.
@Table
struct LogLine: Equatable {
    var message: String
    var level: Int
}

func makeTypedPhotoTable(_ db: Database) throws {
    try db.execute(sql: """
        CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT NOT NULL, album TEXT, rating INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL)
        """)
}

@Suite struct TypedTableTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000.5)

    @Test func theMacroDeclaresTheTableAndItsColumns() {
        #expect(TypedPhoto.databaseTableName == "photo")
        #expect(LogLine.databaseTableName == "logLine")
        #expect(TypedPhoto.tableSchema.columnNames == ["id", "name", "album", "rating", "created_at"])
        #expect(TypedPhoto.tableSchema.primaryKey?.name == "id")
        #expect(TypedPhoto.columns.created.name == "created_at")
        #expect(TypedPhoto.columns.rating.position == 3)
        #expect(LogLine.tableSchema.primaryKey == nil)
    }

    @Test func insertFetchUpdateUpsertDelete() throws {
        try withDatabase { db in
            try makeTypedPhotoTable(db)
            var photo = TypedPhoto(id: nil, name: "Sunset", album: "Holidays", rating: 5, created: Self.date)
            let id = try photo.insert(db)
            photo.id = id
            #expect(try TypedPhoto.fetchOne(db, key: id) == photo)
            #expect(try TypedPhoto.all().fetchAll(db) == [photo])
            photo.rating = 2
            photo.album = nil
            try photo.update(db)
            #expect(try TypedPhoto.all().fetchOne(db) == photo)
            #expect(try photo.exists(db))
            let other = TypedPhoto(id: 7, name: "Dog", album: "Home", created: Self.date)
            try other.upsert(db)
            var renamed = other
            renamed.name = "Dog at home"
            try renamed.upsert(db)
            #expect(try TypedPhoto.all().order(by: \.id).fetchAll(db) == [photo, renamed])
            #expect(try renamed.delete(db))
            #expect(try !renamed.delete(db))
            #expect(try TypedPhoto.fetchCount(db) == 1)
        }
    }

    @Test func updateOfAMissingRowIsAnError() throws {
        try withDatabase { db in
            try makeTypedPhotoTable(db)
            let ghost = TypedPhoto(id: 99, name: "Ghost", created: Self.date)
            let error = try #require(caught(RecordError.self) { try ghost.update(db) })
            #expect(error.code == .recordNotFound)
            #expect(error.description == "record not found in table \"photo\": no row has id = 99")
            let unsaved = TypedPhoto(id: nil, name: "New", created: Self.date)
            #expect(caught(RecordError.self) { try unsaved.update(db) }?.code == .missingPrimaryKeyValue)
        }
    }

    @Test func genericCodeOverPersistableRecordStoresTheSameRow() throws {
        func insertGenerically(_ record: some PersistableRecord, _ db: Database) throws {
            try record.insert(db)
        }
        try withDatabase { db in
            try makeTypedPhotoTable(db)
            let photo = TypedPhoto(id: 3, name: "Harbor", album: nil, rating: 3, created: Self.date)
            try insertGenerically(photo, db)
            #expect(try TypedPhoto.all().fetchAll(db) == [photo])
            #expect(try Row.fetchOne(db, sql: "SELECT created_at FROM photo")?[0] == .text("2023-11-14 22:13:20.500"))
        }
    }

    @Test func aRecordWithoutPrimaryKeyInserts() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE logLine (message TEXT, level INTEGER)")
            try LogLine(message: "started", level: 1).insert(db)
            #expect(try LogLine.all().fetchAll(db) == [LogLine(message: "started", level: 1)])
        }
    }

    @Test func rowsOfOtherQueriesAreReadByName() throws {
        try withDatabase { db in
            try makeTypedPhotoTable(db)
            let photo = TypedPhoto(id: 1, name: "Sunset", album: "Holidays", rating: 5, created: Self.date)
            try photo.insert(db)
            // Table order differs from the declaration order, and an extra column.
            let reordered = try TypedPhoto.fetchAll(db, sql: "SELECT created_at, rating, 'x' AS extra, album, name, id FROM photo")
            #expect(reordered == [photo])
            #expect(try TypedPhoto.fetchAll(db, sql: "SELECT * FROM photo") == [photo])
            // A missing optional column reads nil; a missing required one is an error.
            let partial = try TypedPhoto.fetchOne(db, sql: "SELECT id, name, rating, created_at FROM photo")
            #expect(partial?.album == nil)
            let error = try #require(caught(RowDecodingError.self) { _ = try TypedPhoto.fetchAll(db, sql: "SELECT id, album FROM photo") })
            #expect(error.kind == .columnNotFound)
            #expect(error.column == "name")
        }
    }

    @Test func typedRequestsWriteTheSQLTheyRun() throws {
        let request = TypedPhoto.all()
            .where { $0.rating >= 4 && $0.album != nil }
            .order(by: \.album, \.rating.descending)
            .limit(10)
        #expect(request.sql == #"SELECT "id", "name", "album", "rating", "created_at" FROM "photo" WHERE (("rating" >= ?) AND ("album" IS NOT NULL)) ORDER BY "album" ASC, "rating" DESC LIMIT 10"#)
        #expect(request.arguments == [4])
        let sectioned = TypedPhoto.all().order(by: \.rating.descending).sectioned(by: \.album)
        #expect(sectioned.orderings == [TableOrdering(column: "album", isAscending: true), TableOrdering(column: "rating", isAscending: false)])
        #expect(sectioned.sectionColumn == "album")
        let dated = TypedPhoto.all().where { $0.created > Self.date || $0.name == "x" }.filter(sql: "length(name) > ?", arguments: [2])
        #expect(dated.arguments == StatementArguments(positional: [.text("2023-11-14 22:13:20.500"), .text("x"), .integer(2)]))
        #expect(TypedPhoto.all().where { !($0.album == nil) }.sql.hasSuffix(#"WHERE (NOT ("album" IS NULL))"#))
    }

    @Test func typedRequestsFetch() throws {
        try withDatabase { db in
            try makeTypedPhotoTable(db)
            let photos = [
                TypedPhoto(id: 1, name: "Sunset", album: "Holidays", rating: 5, created: Self.date),
                TypedPhoto(id: 2, name: "Dog", album: "Home", rating: 4, created: Self.date),
                TypedPhoto(id: 3, name: "Harbor", album: nil, rating: 5, created: Self.date),
                TypedPhoto(id: 4, name: "Forest", album: "Holidays", rating: 1, created: Self.date),
            ]
            for photo in photos { try photo.insert(db) }
            let good = TypedPhoto.all().where { $0.rating >= 4 && $0.album != nil }.order(by: \.album, \.rating.descending)
            #expect(try good.fetchAll(db).map(\.id) == [1, 2])
            #expect(try good.fetchCount(db) == 2)
            #expect(try good.limit(1).fetchCount(db) == 1)
            #expect(try good.fetchOne(db)?.id == 1)
            #expect(try TypedPhoto.all().where { $0.id.isIn([2, 4]) }.fetchCount(db) == 2)
            #expect(try TypedPhoto.all().where { $0.name.like("%o%") }.order { [$0.name.descending] }.fetchAll(db).map(\.id) == [3, 4, 2])
            #expect(try TypedPhoto.all().filter(sql: "rating < ?", arguments: [2]).fetchAll(db).map(\.id) == [4])
            #expect(try TypedPhoto.all().where { _ in .sql("album IS NULL") }.fetchCursor(db).collect().map(\.id) == [3])
        }
    }
}
