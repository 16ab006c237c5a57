import Foundation
import Testing
@testable import Persistence

/// A record of a `WITHOUT ROWID` table.
@Table("tag")
struct WithoutRowIDTag: Equatable, Codable {
    @Column(primaryKey: true) var name: String
    var uses: Int
}

/// The same table through Codable.
struct CodableTag: Codable, FetchableRecord, PersistableRecord {
    static var databaseTableName: String { "tag" }
    var name: String
    var uses: Int
}

/// insert returns the key the new row has, never the rowid of an earlier
/// insert.
@Suite struct TypedTableInsertedKeyTests {
    @Test func insertsReturnTheNewRowsRowIDOrNothing() throws {
        try withDatabase { db in
            try makeTypedPhotoTable(db)
            try db.execute(sql: "CREATE TABLE tag (name TEXT PRIMARY KEY, uses INTEGER NOT NULL) WITHOUT ROWID")
            let photo = TypedPhoto(id: nil, name: "Sunset", created: Date(timeIntervalSince1970: 0))
            #expect(try photo.insert(db) == 1)
            #expect(try photo.insert(db) == 2)
            #expect(try WithoutRowIDTag(name: "sea", uses: 1).insert(db) == nil)
            #expect(try CodableTag(name: "sky", uses: 1).insert(db) == nil)
            // An ignored conflict inserts no row: no rowid either.
            let taken = TypedPhoto(id: 1, name: "Again", created: Date(timeIntervalSince1970: 0))
            #expect(try taken.insert(db, onConflict: .ignore) == nil)
            #expect(try WithoutRowIDTag(name: "sea", uses: 2).insert(db, onConflict: .ignore) == nil)
            #expect(try TypedPhoto(id: 10, name: "Ten", created: Date(timeIntervalSince1970: 0)).insert(db, onConflict: .ignore) == 10)
            #expect(try WithoutRowIDTag.all().order(by: \.name).fetchAll(db) == [WithoutRowIDTag(name: "sea", uses: 1), WithoutRowIDTag(name: "sky", uses: 1)])
        }
    }
}
