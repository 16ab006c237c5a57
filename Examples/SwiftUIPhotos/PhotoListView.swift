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
            Section(section.title ?? "") {
                ForEach((try? section.objects) ?? [], id: \.id) { photo in
                    Text(photo.name)
                }
                .onDelete { offsets in try? model.deletePhotos(at: offsets, inSection: section.index) }
            }
        }
        .task { try? await model.photos.performFetch() }
    }
}
#endif
