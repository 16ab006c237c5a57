import Foundation
import Persistence

/// A record of one column `v`, decoded by `Decodable`.
private struct Decoded<Value: Decodable & Sendable>: Decodable, FetchableRecord, Sendable {
    var v: Value
}

/// A record of one column `v`, decoded by hand (`init(row:)`).
private struct Manual<Value: DatabaseValueConvertible>: FetchableRecord {
    var v: Value
    init(row: RowView) throws {
        v = try row.decode(Value.self, column: "v")
    }
}

/// The connection `row-decoding` stores each value in, to fetch it back
/// through a statement; one thread only (the fuzzer's).
private nonisolated(unsafe) let decodingDatabase: Database = {
    do {
        let db = try Database(location: .inMemory)
        try db.execute(sql: "CREATE TABLE r(v)")
        return db
    } catch {
        FuzzTarget.fail("the row-decoding table cannot be made: \(error)")
    }
}()

extension FuzzTarget {
    /// Row decoding: a value of any kind, read as each supported type by a
    /// `Decodable` record and an `init(row:)` record, from a `Row` and from
    /// a statement's columns. All four agree (an error, or one value), and
    /// a value read is the stored one converted exactly.
    static let rowDecoding = FuzzTarget(
        name: "row-decoding",
        summary: "any value into Decodable and init(row:) records, from a Row and a statement: an error or the exact value, all paths agreeing"
    ) { input in
        var value = makeValue(&input)
        // SQLite stores NaN as NULL: the paths through a statement see that.
        if case .real(let double) = value, double.isNaN { value = .null }
        do {
            try decodingDatabase.execute(sql: "DELETE FROM r")
            try decodingDatabase.execute(sql: "INSERT INTO r VALUES (?)", arguments: StatementArguments(positional: [value]))
        } catch {
            fatalError("cannot store \(value): \(error)")
        }
        check(Int.self, value, exact: integer)
        check(Int64.self, value, exact: integer)
        check(Int32.self, value, exact: integer)
        check(Double.self, value) { value in
            switch value {
            case .real(let double): return double
            case .integer(let int): return Double(int)
            default: return nil
            }
        }
        check(String.self, value) { value in
            switch value {
            case .text(let text): return text
            case .blob(let data): return String(validating: data, as: UTF8.self)
            default: return nil
            }
        }
        check(Data.self, value) { value in
            switch value {
            case .blob(let data): return data
            case .text(let text): return Data(text.utf8)
            default: return nil
            }
        }
        check(Bool.self, value, exact: nil)
        check(Float.self, value, exact: nil)
        check(Date.self, value, exact: nil)
        check(UUID.self, value, exact: nil)
        check(Int?.self, value, exact: nil)
        checkDecodable(Int8.self, value) { integer($0) as Int8? }
        checkDecodable(UInt8.self, value) { integer($0) as UInt8? }
        checkDecodable(UInt64.self, value) { integer($0) as UInt64? }
        checkDecodable([Int].self, value, exact: nil)
    }

    /// The value as an exact integer, as Plume converts one: an exact
    /// `Int64` first (so a real of 2^63 is no `UInt64`), then `T`.
    private static func integer<T: FixedWidthInteger>(_ value: DatabaseValue) -> T? {
        switch value {
        case .integer(let int): return T(exactly: int)
        case .real(let double): return Int64(exactly: double).flatMap { T(exactly: $0) }
        default: return nil
        }
    }

    /// A `DatabaseValueConvertible` type: the four paths agree, and match
    /// `exact` where it is given.
    private static func check<T: DatabaseValueConvertible & Decodable & Equatable>(
        _ type: T.Type, _ value: DatabaseValue, exact: ((DatabaseValue) -> T?)?
    ) {
        let row = Row(["v": value])
        let manual = Result { try Manual<T>(row: RowView(row)).v }
        let manualFetched = Result { try Manual<T>.fetchOne(decodingDatabase, sql: "SELECT v FROM r")!.v }
        agree(T.self, value, manual, manualFetched, "init(row:) from a Row and from a statement")
        checkDecodable(T.self, value, exact: exact)
        agree(T.self, value, manual, Result { try Decoded<T>(row: RowView(row)).v }, "init(row:) and Decodable")
    }

    /// A `Decodable` type: from a Row and from a statement, the same, and
    /// `exact` where it is given.
    private static func checkDecodable<T: Decodable & Equatable & Sendable>(
        _ type: T.Type, _ value: DatabaseValue, exact: ((DatabaseValue) -> T?)?
    ) {
        let decoded = Result { try Decoded<T>(row: RowView(Row(["v": value]))).v }
        let fetched = Result { try Decoded<T>.fetchOne(decodingDatabase, sql: "SELECT v FROM r")!.v }
        agree(T.self, value, decoded, fetched, "Decodable from a Row and from a statement")
        guard let exact else { return }
        let expected = exact(value)
        switch decoded {
        case .success(let result):
            guard let expected, same(result, expected) else {
                fatalError("\(value) decodes as \(T.self) \(result), not \(expected.map { "\($0)" } ?? "an error")")
            }
        case .failure(let error):
            guard expected == nil else { fatalError("\(value) fails to decode as \(T.self) (\(error)), but is \(expected!)") }
            guard "\(error)".contains("v") else { fatalError("the error does not name the column: \(error)") }
        }
    }

    private static func agree<T: Equatable>(_ type: T.Type, _ value: DatabaseValue, _ a: Result<T, any Error>,
                                            _ b: Result<T, any Error>, _ paths: String) {
        switch (a, b) {
        case (.success(let x), .success(let y)) where same(x, y): return
        case (.failure, .failure): return
        default: fatalError("\(paths) disagree on \(value) as \(T.self): \(a) vs \(b)")
        }
    }

    /// Equal, NaN equal to NaN.
    private static func same<T: Equatable>(_ a: T, _ b: T) -> Bool {
        if let a = a as? Double, let b = b as? Double, a.isNaN && b.isNaN { return true }
        if let a = a as? Float, let b = b as? Float, a.isNaN && b.isNaN { return true }
        return a == b
    }

    /// A value of any kind: NULL, an integer (extremes likely), a real
    /// (infinities, NaN, -0 and integral values likely), text, or a blob.
    private static func makeValue(_ input: inout FuzzInput) -> DatabaseValue {
        func int64() -> Int64 {
            (0..<8).reduce(0) { value, _ in value << 8 | Int64(input.byte()) }
        }
        switch input.int(below: 9) {
        case 0: return .null
        case 1: return .integer(int64())
        case 2: return .integer([Int64.min, Int64.max, 0, -1, 1, 127, 128, 255, 256, -129, 2_147_483_648][input.int(below: 11)])
        case 3: return .real(Double(bitPattern: UInt64(bitPattern: int64())))
        case 4: return .real([Double.infinity, -.infinity, .nan, -0.0, 0.5, 9_223_372_036_854_775_807.0, -9_223_372_036_854_775_808.0,
                              1e300, 255.0, 256.0, 18_446_744_073_709_551_615.0][input.int(below: 11)])
        case 5: return .real(Double(int64() % 1_000_000))
        case 6, 7: return .text(String(decoding: input.rest(), as: UTF8.self))
        default: return .blob(Data(input.rest()))
        }
    }
}
