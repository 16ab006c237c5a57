import FetchedResults
import Foundation
import Persistence

/// The examples' model layer (objc.io's store): the database, its schema,
/// and the one request every list shows. View controllers hold a store
/// and never write SQL themselves.
public final class PhotoStore: Sendable {
    /// The database.
    public let database: DatabaseQueue

    /// Opens (and creates) the library at `path`.
    ///
    /// - Throws: `DatabaseError` when the file cannot be opened.
    public init(path: String) throws {
        database = try DatabaseQueue(path: path)
        try database.writeAndWait { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS photo (
                    id INTEGER PRIMARY KEY, name TEXT NOT NULL, album TEXT NOT NULL,
                    rating INTEGER NOT NULL, isFavorite INTEGER NOT NULL DEFAULT 0)
                """)
        }
    }

    /// Photos by album, best first.
    public static let byAlbum = FetchRequest(
        table: "photo", sortedBy: [.ascending("album"), .descending("rating"), .ascending("id")], sectionColumn: "album")

    /// Adds a photo.
    @discardableResult
    public func add(_ photo: Photo) throws -> Photo {
        try database.writeAndWait { db in
            var photo = photo
            photo.id = try photo.insert(db)
            return photo
        }
    }

    /// Deletes a photo.
    public func delete(_ photo: Photo) throws {
        try database.writeAndWait { db in _ = try photo.delete(db) }
    }
}
