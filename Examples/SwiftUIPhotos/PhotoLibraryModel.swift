#if os(Linux)
import AppleListStandIns
#endif
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

    /// Deletes photos the list showed (a `List`'s `onDelete` maps its
    /// offsets to the rows it rendered, so a change that arrived since
    /// cannot make it delete other photos); the list changes when the
    /// commit comes back.
    ///
    /// - Throws: What the store throws.
    public func delete(_ photos: [Photo]) throws {
        try store.undoStack.undoGroupAndWait(name: photos.count == 1 ? "Delete Photo" : "Delete Photos") { db in
            for photo in photos { _ = try photo.delete(db) }
        }
    }

    /// The store's steps in the window's undo manager (the view passes
    /// `@Environment(\.undoManager)`), so that the Edit menu and shake to
    /// undo offer them; nil stops offering them.
    public private(set) var undoAdapter: UndoManagerAdapter?

    /// Offers the store's steps in `undoManager` (none when nil).
    public func useUndoManager(_ undoManager: UndoManager?) {
        guard undoManager !== undoAdapter?.undoManager || undoAdapter == nil else { return }
        undoAdapter?.invalidate()
        undoAdapter = undoManager.map { UndoManagerAdapter(stack: store.undoStack, undoManager: $0) }
    }
}
