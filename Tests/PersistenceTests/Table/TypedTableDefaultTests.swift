import Foundation
import Testing
@testable import Persistence

/// Columns whose nil inserts the SQL default the record declares.
@Table("note")
struct DefaultedNote: Equatable {
    @Column(primaryKey: true) var id: Int64?
    var text: String
    @Column(default: "CURRENT_TIMESTAMP") var created: Date?
    @Column(default: "3") var priority: Int?
    var tag: String?
}

@Suite struct TypedTableDefaultTests {
    @Test func nilInsertsTheDeclaredDefault() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL, created TEXT, priority INTEGER, tag TEXT)")
            #expect(DefaultedNote.tableSchema.insertSQL(.abort)
                    == #"INSERT INTO "note" ("id", "text", "created", "priority", "tag") VALUES (?1, ?2, COALESCE(?3, CURRENT_TIMESTAMP), COALESCE(?4, 3), ?5)"#)
            let id = try #require(try DefaultedNote(id: nil, text: "a", created: nil, priority: nil, tag: nil).insert(db))
            let stored = try #require(try DefaultedNote.fetchOne(db, key: id))
            #expect(stored.priority == 3)
            #expect(stored.tag == nil)
            let created = try #require(stored.created)
            #expect(abs(created.timeIntervalSinceNow) < 3600)
            let given = DefaultedNote(id: nil, text: "b", created: Date(timeIntervalSince1970: 0), priority: 1, tag: "t")
            let second = try #require(try given.insert(db))
            #expect(try DefaultedNote.fetchOne(db, key: second)?.priority == 1)
            #expect(try DefaultedNote.fetchOne(db, key: second)?.created == Date(timeIntervalSince1970: 0))
            // Update writes nil as NULL.
            var cleared = stored
            cleared.priority = nil
            try cleared.update(db)
            #expect(try Int.fetchOne(db, sql: "SELECT priority IS NULL FROM note WHERE id = ?", arguments: [id]) == 1)
        }
    }
}

@Suite struct TypedTableNullabilityTests {
    @Test func aNullableColumnUnderANonOptionalPropertyIsAWarningOrAnError() throws {
        try withDatabase { db in
            // name allows NULL; id is the rowid; album is optional.
            try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT, album TEXT, rating INTEGER NOT NULL, created_at TEXT)")
            let warnings = try db.validationWarnings(TypedPhoto.self)
            try db.validate(TypedPhoto.self)
            #expect(warnings.map(\.column) == ["name", "created_at"])
            #expect(warnings.first?.description == "column \"name\" of table \"photo\" allows NULL, which TypedPhoto's non-optional property cannot read: make the property optional, or the column NOT NULL")
            let error = try #require(caught(TableSchemaError.self) { try db.validate(TypedPhoto.self, nullableColumns: .error) })
            #expect(error.column == "name")
            #expect(error.isNullabilityMismatch)
            try db.execute(sql: "DROP TABLE photo")
            try makeTypedPhotoTable(db)
            try db.validate(TypedPhoto.self, nullableColumns: .error)
            #expect(try db.validationWarnings(TypedPhoto.self).isEmpty)
        }
    }
}
