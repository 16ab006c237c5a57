import FetchedResults
import FetchedResultsDataSource
import Foundation
import Persistence

/// What the SwiftUI list binds to: the live results of the store's
/// request, and the user's actions on them. It builds on the Observation
/// module, so it runs (and is tested) on every platform; the view itself
/// (`PhotoListView`) only exists where SwiftUI does.
@MainActor
public final class PhotoLibraryModel {
    /// The live results a `List` shows.
    public let photos: ObservableFetchedResults<Photo>
    private let store: PhotoStore

    /// A model of the store's photos by album.
    public init(store: PhotoStore) {
        self.store = store
        photos = ObservableFetchedResults(database: store.database, request: PhotoStore.byAlbum)
    }

    /// Deletes the photos at `offsets` of a section (a `List`'s
    /// `onDelete`); the list changes when the commit comes back.
    ///
    /// - Throws: What the store throws.
    public func deletePhotos(at offsets: IndexSet, inSection section: Int) throws {
        let objects = try photos.sections[section].objects
        for offset in offsets { try store.delete(objects[offset]) }
    }
}
