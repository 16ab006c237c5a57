import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// A refetch matches its rows to the previous keys: identities are checked
/// for duplicates through that match, and unchanged rows reuse their items.
@Suite struct RowScannerTests {
    static let request = FetchRequest(sql: "SELECT k AS id, v FROM t ORDER BY v, rowid")

    /// Scans `t` as it is after `setUp` and then after `change`, the second
    /// scan matched to the first.
    static func rescan(_ setUp: String, then change: String) throws
        -> (previous: KeyedRows, rows: KeyedRows, unchanged: [Int?], fresh: KeyedRows) {
        let db = try Database(location: .inMemory)
        defer { try? db.close() }
        try db.execute(sql: "CREATE TABLE t (k, v);" + setUp)
        let decoder = RowScanner.Decoder(reusesPrevious: true, decode: { _ in })
        let previous = try RowScanner.scan(request, db, previous: nil, decoder: decoder).rows
        try db.execute(sql: change)
        let scan = try RowScanner.scan(request, db, previous: ResultsDiff.IndexedKeys(previous.keys), decoder: decoder)
        let fresh = try RowScanner.scan(request, db, previous: nil, decoder: nil).rows
        return (previous, scan.rows, (0..<scan.unchanged.count).map(scan.unchanged.oldRow(ofNewRow:)), fresh)
    }

    static func duplicate(_ setUp: String, then change: String) -> DatabaseValue? {
        do {
            _ = try rescan(setUp, then: change)
            return nil
        } catch let error as FetchedResultsError where error.code == .duplicateIdentity {
            return error.value
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func aRowRepeatingAPreviousIdentityIsADuplicate() {
        let setUp = "INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c');"
        #expect(Self.duplicate(setUp, then: "INSERT INTO t VALUES (2, 'z')") == 2)
        // Before the row it repeats, beside a new identity far out of range.
        #expect(Self.duplicate(setUp, then: "INSERT INTO t VALUES (3, '0'), (1000000000000, 'd')") == 3)
        #expect(Self.duplicate("INSERT INTO t VALUES ('x', 'a'), ('y', 'b');", then: "INSERT INTO t VALUES ('y', 'c')") == "y")
    }

    @Test func newIdentitiesAreCheckedAmongThemselves() {
        let setUp = "INSERT INTO t VALUES (1, 'a'), (2, 'b');"
        #expect(Self.duplicate(setUp, then: "INSERT INTO t VALUES (9, 'c'), (9, 'd')") == 9)
        #expect(Self.duplicate(setUp, then: "INSERT INTO t VALUES ('n', 'c'), ('n', 'd')") == "n")
        #expect(Self.duplicate(setUp, then: "DELETE FROM t; INSERT INTO t VALUES (5, 'a'), (5, 'b')") == 5)
    }

    @Test func distinctIdentitiesScanAsAFirstFetchDoes() throws {
        let (previous, rows, unchanged, fresh) = try Self.rescan(
            "INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c'), ('t', 'd');",
            then: "UPDATE t SET v = 'e' WHERE k = 1; UPDATE t SET v = 'cc' WHERE k = 3; INSERT INTO t VALUES (4, '0'); DELETE FROM t WHERE k = 2")
        #expect(Array(previous.keys).map(\.id) == [1, 2, 3, "t"])
        #expect(Array(rows.keys).map(\.id) == [4, 3, "t", 1])
        #expect(Array(rows.keys) == Array(fresh.keys))
        #expect(rows.sections == fresh.sections)
        // New rows and changed rows are decoded (-1); the unchanged one
        // reuses its previous item.
        #expect(unchanged == [nil, nil, 3, nil])
    }

    /// Keys are written a chunk at a time: results around a chunk's size
    /// scan as they are, matched row by row to the previous scan; a scan
    /// that fails in the middle of a chunk (here on a text identity, whose
    /// key holds a string) reports the failure and frees what it wrote.
    @Test(arguments: [511, 512, 513, 1024, 1300])
    func resultsAroundTheChunkSizeScanWhole(count: Int) throws {
        let setUp = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count)) "
            + "INSERT INTO t SELECT 'k' || i, printf('%06d', i) FROM n;"
        let (previous, rows, unchanged, fresh) = try Self.rescan(setUp, then: "UPDATE t SET v = 'zz' WHERE k = 'k3'")
        #expect(previous.keys.count == count)
        #expect(Array(rows.keys) == Array(fresh.keys))
        #expect(rows.sections == fresh.sections)
        let expected: [Int?] = (0..<count).map { $0 < 2 ? $0 : $0 == count - 1 ? nil : $0 + 1 }
        #expect(unchanged == expected)
        // The same identity twice, both past the first chunk.
        #expect(Self.duplicate(setUp, then: "UPDATE t SET k = 'k700' WHERE k = 'k\(count)'") == (count >= 700 ? "k700" : nil))
    }
}
