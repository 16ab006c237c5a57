#if canImport(SwiftUI)
import FetchedResultsDataSource
import SwiftUI
#elseif os(Linux)
import AppleListStandIns
import FetchedResultsDataSource
#endif

#if canImport(SwiftUI) || os(Linux)

/// The list in SwiftUI: sections and rows straight from the model, swipe
/// to delete through it. (On Linux it compiles against stand-ins for
/// SwiftUI, which render nothing: the tests exercise the model.)
public struct PhotoListView: View {
    let model: PhotoLibraryModel
    /// The window's undo manager, where the model offers the store's
    /// steps (Edit ▸ Undo Delete Photo, shake to undo).
    @Environment(\.undoManager) private var undoManager

    public init(model: PhotoLibraryModel) {
        self.model = model
    }

    public var body: some View {
        List(model.photos.sections) { section in
            let photos = (try? section.objects) ?? []
            Section(section.title ?? "") {
                ForEach(photos, id: \.id) { photo in
                    Text(photo.name)
                }
                // The offsets name the rows this render showed: delete those.
                .onDelete { offsets in try? model.delete(offsets.map { photos[$0] }) }
            }
        }
        .task { [undoManager] in
            await model.useUndoManager(undoManager)
            try? await model.photos.performFetch()
        }
    }
}
#endif
