import Foundation
import Testing
@testable import Persistence

/// Names written with escapes, raw and multi-line literals: each means
/// what Swift means.
@Table("quote\"d \\ \u{E9}t\u{E9}")
struct QuotedNameRecord: Equatable {
    @Column(primaryKey: true) var id: Int64
    @Column(#"raw\name"#) var raw: String
    @Column("tab\there") var tabbed: Int
    @Column("""
        two
        lines
        """) var multiLine: String
    @Column(##"pound"#sign"##) var pounds: Int
}

@Suite struct TypedTableNameLiteralTests {
    @Test func literalsMeanWhatSwiftMeans() {
        #expect(QuotedNameRecord.databaseTableName == "quote\"d \\ été")
        #expect(QuotedNameRecord.tableSchema.columnNames == ["id", "raw\\name", "tab\there", "two\nlines", "pound\"#sign"])
        #expect(QuotedNameRecord.columns.raw.name == "raw\\name")
    }

    @Test func aRecordWithEscapedNamesRoundTrips() throws {
        try withDatabase { db in
            try db.execute(sql: #"""
                CREATE TABLE "quote""d \ été" (id INTEGER PRIMARY KEY, "raw\name" TEXT, "tab	here" INTEGER, "two
                lines" TEXT, "pound"#sign" INTEGER)
                """#.replacingOccurrences(of: "\"pound\"#sign\"", with: "\"pound\"\"#sign\""))
            try db.validate(QuotedNameRecord.self)
            let record = QuotedNameRecord(id: 1, raw: "r", tabbed: 2, multiLine: "m", pounds: 3)
            try record.insert(db)
            #expect(try QuotedNameRecord.all().where { $0.raw == "r" && $0.multiLine == "m" }.fetchAll(db) == [record])
            var changed = record
            changed.pounds = 4
            try changed.update(db)
            #expect(try QuotedNameRecord.fetchOne(db, key: 1) == changed)
        }
    }
}
