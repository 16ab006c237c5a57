import Foundation
import GRDB
import GRDBSQLite
import Persistence

/// Reads that hand out one row at a time:
/// - `fetch.cursor`: every photo through a cursor, each row decoded into a
///   struct and dropped (Plume's `@Table` cursor, GRDB's `FetchableRecord`
///   cursor by index, the raw C loop stepping one statement);
/// - `fetch.one.10k`: 10,000 lookups by primary key (Plume's and GRDB's
///   `fetchOne(_:key:)`, the raw C loop binding one prepared statement).
struct SingleRowWorkload: Workload {
    enum Kind { case cursor, lookups }
    var kind: Kind
    var rows: Int
    static let lookups = 10_000

    var name: String { kind == .cursor ? "fetch.cursor" : "fetch.one.10k" }

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let path = try FetchFixture.filledFile(in: directory, rows: rows)
        // The same pseudo-random keys for every contestant.
        var generator = SystemRandomNumberGenerator()
        let keys = (0..<Self.lookups).map { _ in Int64.random(in: 1...Int64(rows), using: &generator) }
        let plume: (PlumePhotos.Connection) throws -> Int
        let grdb: (GRDBPhotos.Connection) throws -> Int
        let raw: (OpaquePointer) throws -> Int
        switch kind {
        case .cursor:
            (plume, grdb, raw) = (Self.plumeCursor, Self.grdbCursor, Self.rawCursor)
        case .lookups:
            plume = { db in try Self.plumeLookups(db, keys) }
            grdb = { dbQueue in try Self.grdbLookups(dbQueue, keys) }
            raw = { db in try Self.rawLookups(db, keys) }
        }
        return FetchFixture.contestants(path: path, raw: raw, plume: plume, grdb: grdb)
    }

    static func plumeCursor(_ db: PlumePhotos.Connection) throws -> Int {
        var sum = 0
        let cursor = try PlumePhotos.TablePhoto.all().fetchCursor(db)
        while let photo = try cursor.next() { sum &+= photo.checksum }
        return sum
    }

    static func plumeLookups(_ db: PlumePhotos.Connection, _ keys: [Int64]) throws -> Int {
        var sum = 0
        for key in keys {
            if let photo = try PlumePhotos.TablePhoto.fetchOne(db, key: key) { sum &+= photo.checksum }
        }
        return sum
    }

    static func grdbCursor(_ dbQueue: GRDBPhotos.Connection) throws -> Int {
        try dbQueue.inDatabase { db in
            var sum = 0
            let cursor = try GRDBPhotos.RowPhoto.fetchCursor(db, sql: PhotoFixture.selectAll)
            while let photo = try cursor.next() { sum &+= photo.value.checksum }
            return sum
        }
    }

    static func grdbLookups(_ dbQueue: GRDBPhotos.Connection, _ keys: [Int64]) throws -> Int {
        try dbQueue.inDatabase { db in
            var sum = 0
            for key in keys {
                if let photo = try GRDBPhotos.KeyedPhoto.fetchOne(db, key: key) { sum &+= photo.value.checksum }
            }
            return sum
        }
    }

    static func rawCursor(_ db: OpaquePointer) throws -> Int {
        let statement = try RawSQLite.prepare(db, PhotoFixture.selectAll)
        defer { sqlite3_finalize(statement) }
        var sum = 0
        while sqlite3_step(statement) == SQLITE_ROW { sum &+= RawSQLite.photo(at: statement).checksum }
        return sum
    }

    static func rawLookups(_ db: OpaquePointer, _ keys: [Int64]) throws -> Int {
        let statement = try RawSQLite.prepare(db, PhotoFixture.selectAll + " WHERE id = ?")
        defer { sqlite3_finalize(statement) }
        var sum = 0
        for key in keys {
            sqlite3_bind_int64(statement, 1, key)
            if sqlite3_step(statement) == SQLITE_ROW { sum &+= RawSQLite.photo(at: statement).checksum }
            sqlite3_reset(statement)
        }
        return sum
    }
}
