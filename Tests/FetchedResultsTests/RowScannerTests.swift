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
}
