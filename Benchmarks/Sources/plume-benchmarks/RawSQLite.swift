import Foundation
import GRDBSQLite

/// The baseline: the SQLite C API called directly, as a careful C
/// programmer would.
enum RawSQLite {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func open(_ path: String) throws -> OpaquePointer {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
            sqlite3_close(db)
            throw Failure(description: "cannot open \(path)")
        }
        return db
    }

    static func close(_ db: OpaquePointer) {
        sqlite3_close(db)
    }

    static func execute(_ db: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw Failure(description: String(cString: sqlite3_errmsg(db)) + " in " + sql)
        }
    }

    static func prepare(_ db: OpaquePointer, _ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: String(cString: sqlite3_errmsg(db)) + " in " + sql)
        }
        return statement
    }

    /// Inserts photos in one transaction with one prepared statement.
    static func insert(_ photos: [PhotoValue], into db: OpaquePointer) throws {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        try execute(db, "BEGIN")
        let statement = try prepare(db, PhotoFixture.insert)
        defer { sqlite3_finalize(statement) }
        for photo in photos {
            sqlite3_bind_int64(statement, 1, photo.id)
            _ = photo.name.withCString { sqlite3_bind_text(statement, 2, $0, -1, transient) }
            sqlite3_bind_double(statement, 3, photo.created.timeIntervalSince1970)
            sqlite3_bind_int64(statement, 4, Int64(photo.rating))
            if let album = photo.album {
                _ = album.withCString { sqlite3_bind_text(statement, 5, $0, -1, transient) }
            } else {
                sqlite3_bind_null(statement, 5)
            }
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw Failure(description: String(cString: sqlite3_errmsg(db)))
            }
            sqlite3_reset(statement)
        }
        try execute(db, "COMMIT")
    }

    /// Fetches every photo into structs.
    static func fetchAll(_ db: OpaquePointer) throws -> [PhotoValue] {
        let statement = try prepare(db, PhotoFixture.selectAll)
        defer { sqlite3_finalize(statement) }
        var photos: [PhotoValue] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw Failure(description: String(cString: sqlite3_errmsg(db))) }
            photos.append(photo(at: statement))
        }
        return photos
    }

    /// The photo of the statement's current row.
    @inline(__always)
    static func photo(at statement: OpaquePointer) -> PhotoValue {
        let album: String? = sqlite3_column_type(statement, 4) == SQLITE_NULL
            ? nil : String(cString: sqlite3_column_text(statement, 4))
        return PhotoValue(
            id: sqlite3_column_int64(statement, 0),
            name: String(cString: sqlite3_column_text(statement, 1)),
            created: Date(timeIntervalSince1970: sqlite3_column_double(statement, 2)),
            rating: Int(sqlite3_column_int64(statement, 3)),
            album: album)
    }

    /// A file with the photo table filled, for fetch workloads.
    static func makeFilledDatabase(at path: String, photos: [PhotoValue]) throws {
        let db = try open(path)
        defer { sqlite3_close(db) }
        try execute(db, "PRAGMA journal_mode = WAL")
        try execute(db, PhotoFixture.createTable)
        try insert(photos, into: db)
    }
}

func sqliteVersion() -> String {
    String(cString: sqlite3_libversion())
}
