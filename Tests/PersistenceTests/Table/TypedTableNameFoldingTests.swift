import Foundation
import Testing
@testable import Persistence

/// A column whose name has non-ASCII letters.
@Table("summer")
struct Summer: Equatable {
    @Column(primaryKey: true) var id: Int64
    @Column("été") var season: String
}

/// SQLite folds the case of ASCII letters only: so does every comparison
/// of SQL names.
@Suite struct TypedTableNameFoldingTests {
    @Test func validateFoldsASCIIOnly() throws {
        try withDatabase { db in
            try db.execute(sql: #"CREATE TABLE summer (ID INTEGER PRIMARY KEY, "ÉTÉ" TEXT)"#)
            let error = try #require(caught(TableSchemaError.self) { try db.validate(Summer.self) })
            #expect(error.column == "été")
            #expect(error.declaredType == nil)
            // What validate refused, the fetch refuses too.
            #expect(caught(DatabaseError.self) { _ = try Summer.all().fetchAll(db) } != nil)
            try db.execute(sql: #"DROP TABLE summer; CREATE TABLE SUMMER (Id INTEGER PRIMARY KEY, "été" TEXT)"#)
            try db.validate(Summer.self)
            try Summer(id: 1, season: "chaud").insert(db)
            #expect(try Summer.all().fetchAll(db) == [Summer(id: 1, season: "chaud")])
        }
    }

    @Test func rowsFindColumnsByASCIIFoldedName() throws {
        try withDatabase { db in
            let row = try #require(try Row.fetchOne(db, sql: #"SELECT 1 AS "ÉTÉ", 2 AS "Name""#))
            #expect(row.layout.index(ofColumn: "été") == nil)
            #expect(row.layout.index(ofColumn: "ÉTÉ") == 0)
            #expect(row.layout.index(ofColumn: "NAME") == 1)
            #expect(row.layout.index(ofColumn: "name") == 1)
        }
    }

    @Test func declaredTypesAndCollationsFoldASCIIOnly() {
        // U+0131, dotless i, uppercases to I in Swift: SQLite sees no INT.
        #expect(ColumnAffinity(declaredType: "\u{131}nteger") == .numeric)
        #expect(ColumnAffinity(declaredType: "BigInt") == .integer)
        #expect(ColumnAffinity(declaredType: "varchar(20)") == .text)
        #expect(BuiltInCollation(name: "nocase") == .nocase)
        #expect(BuiltInCollation(name: "b\u{131}nary") == nil)
        #expect("ÉtÉ Photo".sqlNameKey() == "ÉtÉ photo")
    }
}
