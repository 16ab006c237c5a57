import Foundation
import Testing
@testable import Persistence

/// `fromColumn(_:)` (what a fetch uses while it lends the row) must accept
/// and convert exactly what `fromDatabaseValue(_:)` (what a kept row uses)
/// does, for every type Plume conforms and every kind of stored value.
@Suite struct ColumnConversionTests {
    enum Mood: String, DatabaseValueConvertible { case calm, busy }
    enum Level: Int, DatabaseValueConvertible { case low = 1, high = 2 }

    /// Values of every storage class, including the edges of each
    /// conversion: integral and fractional reals, huge reals, numeric and
    /// date text, UTF-8 and non-UTF-8 blobs, a 16-byte blob.
    static let values: [String] = [
        "NULL", "0", "1", "-7", "9223372036854775807", "2147483648",
        "1.0", "2.5", "-3.0", "1e300", "9.3e18",
        "''", "'calm'", "'42'", "'2024-02-29 13:45:10.250'", "'2024-02-29T13:45Z'",
        "'550E8400-E29B-41D4-A716-446655440000'", "'Ribeira 河'",
        "X''", "X'63616C6D'", "X'FF00'", "X'00112233445566778899AABBCCDDEEFF'",
    ]

    /// The first column of a row as the fetch lends it.
    struct Lent<V: DatabaseValueConvertible>: FetchableRecord {
        var value: Result<V, RowDecodingError>
        init(row: RowView) {
            value = Result { try row.decode(V.self, at: 0) }.mapError { $0 as! RowDecodingError }
        }
    }

    /// Decodes every value as `T` through a lent row and through a kept
    /// copy of it; both must give the same value or both fail.
    static func agree<T: DatabaseValueConvertible & Equatable>(_ type: T.Type, _ db: Database) throws {
        for sql in values {
            let lent = try #require(try Lent<T>.fetchOne(db, sql: "SELECT \(sql) AS v")).value
            let kept = try #require(try Row.fetchOne(db, sql: "SELECT \(sql) AS v"))
            let copied = Result { try kept.decode(T.self, at: 0) }.mapError { $0 as! RowDecodingError }
            switch (lent, copied) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "\(T.self) from \(sql): \(a) read in place, \(b) from a copy")
            case (.failure(let a), .failure(let b)):
                #expect(a.description == b.description, "\(T.self) from \(sql)")
            default:
                Issue.record("\(T.self) from \(sql): \(lent) read in place, \(copied) from a copy")
            }
            // The single-column fetch reads in place too.
            let fetched = Result { try T.fetchAll(db, sql: "SELECT \(sql)") }
            switch (fetched, copied) {
            case (.success(let values), .success(let value)): #expect(values == [value], "\(T.self) from \(sql)")
            case (.failure, .failure): break
            default: Issue.record("\(T.self) from \(sql): fetchAll gave \(fetched), a copy \(copied)")
            }
        }
    }

    @Test func everyConversionReadsTheSameInPlaceAsFromACopy() throws {
        try withDatabase { db in
            try Self.agree(Int.self, db)
            try Self.agree(Int64.self, db)
            try Self.agree(Int32.self, db)
            try Self.agree(Double.self, db)
            try Self.agree(Float.self, db)
            try Self.agree(Bool.self, db)
            try Self.agree(String.self, db)
            try Self.agree(Data.self, db)
            try Self.agree(Date.self, db)
            try Self.agree(UUID.self, db)
            try Self.agree(DatabaseValue.self, db)
            try Self.agree(Mood.self, db)
            try Self.agree(Level.self, db)
            try Self.agree(Int?.self, db)
            try Self.agree(String?.self, db)
            try Self.agree(Date?.self, db)
            try Self.agree(Mood?.self, db)
        }
    }

    @Test func aColumnReportsItsStorageClassAndBytes() throws {
        struct Probe: FetchableRecord {
            var classes: [DatabaseValue.StorageClass] = []
            var values: [DatabaseValue] = []
            init(row: RowView) {
                for index in row.indices {
                    let column = StatementColumn(statement: row.row.storage.statement!, index: index)
                    classes.append(column.storageClass)
                    values.append(column.databaseValue)
                }
            }
        }
        try withDatabase { db in
            let probe = try #require(try Probe.fetchOne(db, sql: "SELECT NULL, 3, 1.5, 'é', X'0102'"))
            #expect(probe.classes == [.null, .integer, .real, .text, .blob])
            #expect(probe.values == [.null, .integer(3), .real(1.5), .text("é"), .blob(Data([1, 2]))])
        }
    }
}
