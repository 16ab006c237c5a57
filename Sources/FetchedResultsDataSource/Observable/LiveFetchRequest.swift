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

/// A view's live fetch: one ``ObservableFetchedResults`` (and controller)
/// per view identity, started before the view's first `body`, refetched
/// when the request changes, stopped when the view goes away.
///
/// SwiftUI creates a new value of a view each time its parent re-renders,
/// so the initializer only records the database and the request (and an
/// empty `@State` box, which SwiftUI keeps for the identity and drops for
/// later values). The model is made and started in `update()`, which
/// SwiftUI calls before every `body`: the first time, and again only when
/// the request (or the database) differs from the one the model follows.
/// When the identity goes away, SwiftUI releases the box, which stops the
/// model (cancelling the task that follows the controller).
///
/// It only forwards to the model, which holds all the behaviour (and is
/// tested on every platform). On Linux it compiles against stand-ins for
/// SwiftUI.
///
/// ```swift
/// struct PhotoList: View {
///     @LiveFetchRequest var photos: ObservableFetchedResults<Photo>
///
///     init(database: DatabaseQueue, album: String) {
///         _photos = LiveFetchRequest(database: database, request: FetchRequest(
///             table: "photo", filter: "album = ?", arguments: [album], sortedBy: [.ascending("name")]))
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
    private let database: any DatabaseWriter
    private let request: FetchRequest
    @State private var storage: LiveFetchStorage<Item>

    /// Records the request; nothing is made or fetched before SwiftUI
    /// updates the property for the view's first `body`.
    ///
    /// - Parameters:
    ///   - database: The queue or pool to read and observe.
    ///   - request: The rows to show.
    @MainActor
    public init(database: any DatabaseWriter, request: FetchRequest) {
        self.database = database
        self.request = request
        _storage = State(initialValue: LiveFetchStorage())
    }

    /// Records a typed request (lowered with `FetchRequest.init(_:batchSize:)`).
    ///
    /// ```swift
    /// @LiveFetchRequest(database: dbQueue, request: Photo.all().order(by: \.name)) var photos
    /// ```
    ///
    /// - Parameters:
    ///   - database: The queue or pool to read and observe.
    ///   - request: The typed request.
    @MainActor
    public init(database: any DatabaseWriter, request: TableRequest<Item>) where Item: TypedTable {
        self.init(database: database, request: FetchRequest(request))
    }

    /// Makes and starts the model the first time, and again when the
    /// request changed; otherwise does nothing. SwiftUI calls it on the
    /// main thread, before each `body`.
    public mutating func update() {
        let (storage, database, request) = (self.storage, self.database, self.request)
        MainActor.assumeIsolated {
            storage.model(database: database, request: request).startIfNeeded()
        }
    }

    /// What the property keeps for the view identity (tests).
    var storageForTests: LiveFetchStorage<Item> { storage }

    /// The model for the current request (made, not started, when read
    /// before SwiftUI's first `update()`).
    @MainActor
    public var wrappedValue: ObservableFetchedResults<Item> {
        storage.model(database: database, request: request)
    }
}

/// What `@LiveFetchRequest` keeps for a view identity: the model and the
/// request it follows.
@MainActor
final class LiveFetchStorage<Item: FetchableRecord & Sendable> {
    private(set) var current: (model: ObservableFetchedResults<Item>, database: any DatabaseWriter, request: FetchRequest)?
    /// How many models this identity made (tests).
    private(set) var modelsMade = 0

    /// The model for `request` on `database`: the current one, or a new
    /// one when either changed (the old one stops).
    func model(database: any DatabaseWriter, request: FetchRequest) -> ObservableFetchedResults<Item> {
        if let current, current.database === database, current.request == request { return current.model }
        stop()
        let model = ObservableFetchedResults<Item>(database: database, request: request)
        current = (model, database, request)
        modelsMade += 1
        return model
    }

    /// Stops the model and its controller (both made here).
    private func stop() {
        current?.model.stop()
        current?.model.controller.stopObserving()
    }

    isolated deinit {
        stop()
    }
}
#endif
