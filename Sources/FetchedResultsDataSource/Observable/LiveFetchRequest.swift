#if canImport(SwiftUI)
import FetchedResults
import Persistence
import SwiftUI
#elseif os(Linux)
import AppleListStandIns
import FetchedResults
import Persistence
#endif

#if canImport(SwiftUI) || os(Linux)

/// A view's live fetch: keeps one ``ObservableFetchedResults`` for the
/// view's lifetime and starts it the first time the view reads it. It only
/// forwards to the model, which holds all the behaviour (and is tested on
/// every platform). On Linux it compiles against stand-ins for SwiftUI.
///
/// ```swift
/// struct PhotoList: View {
///     @LiveFetchRequest var photos: ObservableFetchedResults<Photo>
///
///     init(database: DatabaseQueue) {
///         _photos = LiveFetchRequest(database: database, request: FetchRequest(
///             table: "photo", sortedBy: [.ascending("album"), .ascending("name")], sectionColumn: "album"))
///     }
///
///     var body: some View {
///         List(photos.sections) { section in
///             Section(section.title ?? "") {
///                 ForEach((try? section.objects) ?? [], id: \.id) { photo in Text(photo.name) }
///             }
///         }
///     }
/// }
/// ```
@propertyWrapper
public struct LiveFetchRequest<Item: FetchableRecord & Sendable>: DynamicProperty {
    @State private var results: ObservableFetchedResults<Item>

    /// Creates the model for a request.
    ///
    /// - Parameters:
    ///   - database: The queue or pool to read and observe.
    ///   - request: The rows to show.
    @MainActor
    public init(database: any DatabaseWriter, request: FetchRequest) {
        _results = State(initialValue: ObservableFetchedResults(database: database, request: request))
    }

    /// The model, started on first read.
    @MainActor
    public var wrappedValue: ObservableFetchedResults<Item> {
        results.startIfNeeded()
        return results
    }
}
#endif
