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
        .task { try? await model.photos.performFetch() }
    }
}
#endif
