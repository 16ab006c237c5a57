import Foundation
import Persistence

/// A photo of the examples' library: one row of the `photo` table.
public struct Photo: Codable, FetchableRecord, PersistableRecord, Sendable {
    public var id: Int64?
    public var name: String
    public var album: String
    public var rating: Int
    public var isFavorite: Bool

    /// Creates a photo to insert.
    public init(id: Int64? = nil, name: String, album: String, rating: Int, isFavorite: Bool = false) {
        self.id = id
        self.name = name
        self.album = album
        self.rating = rating
        self.isFavorite = isFavorite
    }
}
