import FetchedResults
import Foundation
import Persistence

/// `observe.incremental.*` and `observe.refetch.*`: one photo renamed (so
/// it moves) in a result of `rows` photos sorted by name; the time from the
/// write to the change set in the consumer's hands. `write_ms` is the same
/// write alone (`BEGIN IMMEDIATE`, `UPDATE`, a synchronous WAL `COMMIT`)
/// through the C API with no observer: the part of each figure that is the
/// commit itself.
///
/// Plume follows the commit incrementally (a structured request over one
/// table, or the same query as raw SQL: `observe.incremental.sql.*`) or
/// refetches and diffs (the raw SQL with a constant subquery as its filter,
/// `WHERE (SELECT 1)`, which SQLite evaluates once and which keeps the
/// incremental path away; the rows and the plan are the same, and the
/// per-row test of the filter costs about 5% more); GRDB's
/// `ValueObservation` refetches the array and the list computes a
/// `CollectionDifference` of identities. For the refetch, `raw_ms` is the
/// floor: the same write, then Plume's query (with its filter) stepped
/// through the C API (see ``RawRefetcher``).
struct ObserveWorkload: Workload {
    var name: String
    var rows: Int
    var refetch: Bool
    /// Whether Plume's request is the raw SQL (followed incrementally when
    /// not `refetch`) rather than a structured request.
    var rawSQL = false
    /// Whether the table has an index on the sort key (`name`), as a list
    /// sorted by a column usually has: SQLite then reads the rows in order
    /// instead of sorting them all after each commit.
    var indexesSortKey = false

    static let sql = "SELECT id, name, created, rating, album FROM photo ORDER BY name, id"
    static let refetchedSQL = "SELECT id, name, created, rating, album FROM photo WHERE (SELECT 1) ORDER BY name, id"

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let plumePath = directory.appendingPathComponent("\(name)-plume.sqlite").path
        let grdbPath = directory.appendingPathComponent("\(name)-grdb.sqlite").path
        let writePath = directory.appendingPathComponent("\(name)-write.sqlite").path
        let photos = PhotoFixture.photos(count: rows)
        let indexesSortKey = indexesSortKey
        func fill(_ path: String) throws {
            try RawSQLite.makeFilledDatabase(at: path, photos: photos)
            guard indexesSortKey else { return }
            let db = try RawSQLite.open(path)
            defer { RawSQLite.close(db) }
            try RawSQLite.execute(db, "CREATE INDEX photo_name ON photo(name)")
        }
        try fill(plumePath)
        try fill(grdbPath)
        try fill(writePath)
        let request = refetch ? FetchRequest(sql: Self.refetchedSQL)
            : rawSQL ? FetchRequest(sql: Self.sql)
            : FetchRequest(table: "photo", sortedBy: [.ascending("name")])
        let plume = try PlumeObserver(path: plumePath, request: request)
        let grdb = try GRDBObserver(path: grdbPath, sql: Self.sql)
        let writer = try RawRenamer(path: writePath, rows: rows)
        let rawPath = directory.appendingPathComponent("\(name)-raw.sqlite").path
        var raw: RawRefetcher?
        if refetch {
            try fill(rawPath)
            // The floor steps the very query Plume refetches: its constant
            // filter costs SQLite a test per row (about 5% of the indexed
            // query's instructions), which the floor must pay too.
            raw = try RawRefetcher(path: rawPath, rows: rows, sql: Self.refetchedSQL)
        }
        let rows = self.rows
        nonisolated(unsafe) var generator = SystemRandomNumberGenerator()
        func nextChange() -> (Int64, String) {
            (Int64.random(in: 1...Int64(rows), using: &generator),
             "IMG_\(Int.random(in: 100_000..<(100_000 + rows), using: &generator)) moved \(UUID().uuidString.prefix(6)).heic")
        }
        // Warm up both (Plume maps rowids on its first incremental commit).
        var warm = nextChange()
        _ = try plume.rename(id: warm.0, to: warm.1)
        warm = nextChange()
        _ = try grdb.rename(id: warm.0, to: warm.1)
        var contestants = [
            Contestant(contender: .plume) {
                let (id, name) = nextChange()
                return Trial(run: { try plume.rename(id: id, to: name) })
            },
            Contestant(contender: .grdb) {
                let (id, name) = nextChange()
                return Trial(run: { try grdb.rename(id: id, to: name) })
            },
            Contestant(contender: .write) {
                let (id, name) = nextChange()
                return Trial(run: { try writer.rename(id: id, to: name) })
            },
        ]
        if let raw {
            contestants.append(Contestant(contender: .raw) {
                let (id, name) = nextChange()
                return Trial(run: { try raw.rename(id: id, to: name) })
            })
        }
        return contestants
    }
}
