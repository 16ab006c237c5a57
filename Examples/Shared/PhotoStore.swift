import FetchedResults
import Foundation
import Persistence

/// The examples' model layer (objc.io's store): the database, its schema,
/// and the one request every list shows. View controllers hold a store
/// and never write SQL themselves. Every write goes through the undo
/// stack, under the name the Undo menu shows.
public final class PhotoStore: Sendable {
    /// The database.
    public let database: DatabaseQueue
    /// The store's writes, each one undoable ("Undo Delete Photo").
    public let undoStack: DatabaseUndoStack

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
            // Undo reads the rows' values back from the change history.
            try db.enableChangeHistory(for: ["photo"], values: true)
        }
        undoStack = try DatabaseUndoStack(writer: database)
    }

    /// Photos by album, best first.
    public static let byAlbum = FetchRequest(
        table: "photo", sortedBy: [.ascending("album"), .descending("rating"), .ascending("id")], sectionColumn: "album")

    /// Adds a photo.
    @discardableResult
    public func add(_ photo: Photo) throws -> Photo {
        try undoStack.undoGroupAndWait(name: "Add Photo") { db in
            var photo = photo
            photo.id = try photo.insert(db)
            return photo
        }
    }

    /// Deletes a photo.
    public func delete(_ photo: Photo) throws {
        try undoStack.undoGroupAndWait(name: "Delete Photo") { db in _ = try photo.delete(db) }
    }

    /// Renames a photo.
    public func rename(_ photo: Photo, to name: String) throws {
        try undoStack.undoGroupAndWait(name: "Rename Photo") { db in
            try db.execute(sql: "UPDATE photo SET name = ? WHERE id = ?", arguments: [name, photo.id])
        }
    }
}
