import Foundation
import Testing
@testable import Persistence

@Suite struct PersistableRecordTests {
    struct Photo: Codable, FetchableRecord, PersistableRecord, Equatable {
        var id: Int64
        var name: String
        var rating: Int?
        var album: String?
    }

    @Test func insertUpdateUpsertDelete() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            var photo = Photo(id: 10, name: "Beach", rating: 2, album: nil)
            #expect(try photo.insert(db) == 10)
            #expect(try Photo.fetchOne(db, key: 10) == photo)
            photo.rating = nil
            photo.album = "Holidays"
            try photo.update(db)
            #expect(try Photo.fetchOne(db, key: 10) == photo)
            #expect(try photo.exists(db))

            let upserted = Photo(id: 10, name: "Beach at night", rating: 4, album: nil)
            try upserted.upsert(db)
            #expect(try Photo.fetchOne(db, key: 10) == upserted)
            let fresh = Photo(id: 11, name: "Forest", rating: nil, album: nil)
            try fresh.upsert(db)
            #expect(try Photo.fetchOne(db, key: 11) == fresh)

            #expect(try upserted.delete(db))
            #expect(try !upserted.delete(db))
            #expect(try !upserted.exists(db))
            #expect(try Photo.deleteOne(db, key: 11))
            #expect(try Photo.fetchCount(db) == 3)
            #expect(try Photo.deleteAll(db) == 3)
        }
    }

    @Test func updateOfAMissingRowIsAnErrorAndChangesNothing() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let before = try photoDump(db)
            let error = try #require(caught(RecordError.self) { try Photo(id: 99, name: "Ghost", rating: nil, album: nil).update(db) })
            #expect(error.code == .recordNotFound)
            #expect(error.description == "record not found in table \"photo\": no row has id = 99")
            #expect(try photoDump(db) == before)
        }
    }

    @Test func insertBreakingAConstraintIsAnErrorAndChangesNothing() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let before = try photoDump(db)
            let error = try #require(caught(DatabaseError.self) { try Photo(id: 50, name: "Sunset", rating: nil, album: nil).insert(db) })
            #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE)
            #expect(try photoDump(db) == before)
            // With a conflict resolution, the row is skipped.
            try Photo(id: 50, name: "Sunset", rating: nil, album: nil).insert(db, onConflict: .ignore)
            #expect(try photoDump(db) == before)
        }
    }

    @Test func tablesWithoutPrimaryKeyOrRecordsWithoutKeyAreErrors() throws {
        struct Note: Codable, PersistableRecord { var text: String }
        struct Headless: Codable, PersistableRecord {
            static let databaseTableName = "photo"
            var name: String
        }
        try withDatabase { db in
            try makePhotoTable(db)
            try db.execute(sql: "CREATE TABLE note (text TEXT)")
            try Note(text: "hello").insert(db)
            #expect(caught(RecordError.self) { try Note(text: "hello").update(db) }?.code == .noPrimaryKey)
            #expect(caught(RecordError.self) { try Headless(name: "x").delete(db) }?.code == .missingPrimaryKeyValue)
            #expect(caught(RecordError.self) { _ = try Photo.fetchOne(db, key: 1, table: "nowhere") }?.code == .noSuchTable)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM note") == 1)
        }
    }

    @Test func defaultTableNameLowercasesTheFirstLetter() {
        struct PhotoAlbum: Codable, PersistableRecord {}
        #expect(PhotoAlbum.databaseTableName == "photoAlbum")
    }
}

extension PersistableRecordTests.Photo {
    /// Looks the key up in another table, to reach the missing-table error.
    static func fetchOne(_ db: Database, key: Int, table: String) throws -> Self? {
        _ = try db.primaryKey(of: table)
        return nil
    }
}
