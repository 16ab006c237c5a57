import FetchedResults
import Foundation
import Observation
import Persistence

/// A controller's live results as an `@Observable` model, for SwiftUI
/// (`List`, `ForEach`) and anything else built on the Observation module,
/// much as Core Data's `@SectionedFetchRequest` serves a view.
///
/// Each change set the controller delivers replaces ``snapshot`` and
/// ``lastChanges`` together, on the main actor: one commit that changes the
/// result is one change notification, with the new state already in place
/// once observers read it; a commit that does not change the result is
/// none.
///
/// ```swift
/// let photos = ObservableFetchedResults<Photo>(database: dbQueue, request: FetchRequest(
///     table: "photo", sortedBy: [.ascending("album"), .descending("rating")], sectionColumn: "album"))
/// try await photos.performFetch()
/// for section in photos.sections {
///     print(section.title ?? "-", section.numberOfObjects)
/// }
/// ```
///
/// In SwiftUI, `@LiveFetchRequest` keeps one for a view identity, starts
/// it before the first `body` and stops it when the view goes away; `ForEach(photos.sections)` then lists the sections
/// (`FetchedResultsSection` is `Identifiable` by name).
@MainActor
@Observable
public final class ObservableFetchedResults<Item: FetchableRecord & Sendable> {
    /// What one update replaces: the state and the change set leading to
    /// it, stored together so that observers hear of both at once.
    private struct Results {
        var snapshot: FetchedResultsSnapshot<Item> = .empty
        var lastChanges = ChangeSet<Item>()
    }

    private var results = Results()

    /// The error that stopped observation, if any; the last results stay.
    public private(set) var error: (any Error)?

    /// The controller whose results the model shows.
    @ObservationIgnored public let controller: FetchedResultsController<Item>
    @ObservationIgnored private let follower = ControllerFollower<Item>()
    @ObservationIgnored private var isStarted = false
    /// The fetch ``startIfNeeded()`` started, until it returns.
    @ObservationIgnored private var start: Task<Void, Never>?
    /// How many times ``performFetch()`` ran (tests).
    @ObservationIgnored private(set) var fetches = 0

    /// Creates a model over a controller; nothing is fetched before
    /// ``performFetch()`` or ``startIfNeeded()``.
    ///
    /// - Parameter controller: The controller.
    public init(controller: FetchedResultsController<Item>) {
        self.controller = controller
    }

    /// Creates a model over a new controller for a request.
    ///
    /// - Parameters:
    ///   - database: The queue or pool to read and observe.
    ///   - request: The rows to show.
    public convenience init(database: any DatabaseWriter, request: FetchRequest) {
        self.init(controller: FetchedResultsController(database: database, request: request))
    }

    /// Creates a model over a new controller for a typed request.
    ///
    /// ```swift
    /// let model = ObservableFetchedResults(database: dbQueue, request: Photo.all().order(by: \.name))
    /// ```
    ///
    /// - Parameters:
    ///   - database: The queue or pool to read and observe.
    ///   - request: The typed request.
    public convenience init(database: any DatabaseWriter, request: TableRequest<Item>) where Item: TypedTable {
        self.init(controller: FetchedResultsController(database: database, request: request))
    }

    /// The current results.
    public var snapshot: FetchedResultsSnapshot<Item> { results.snapshot }

    /// The change set that led to ``snapshot``; empty after the first fetch.
    public var lastChanges: ChangeSet<Item> { results.lastChanges }

    /// The sections of ``snapshot``, in order.
    ///
    /// - Complexity: O(s) for s sections.
    public var sections: [FetchedResultsSection<Item>] { results.snapshot.sections }

    /// Fetches through the controller and follows it from then on. When it
    /// returns, ``snapshot`` holds the fetched rows.
    ///
    /// - Throws: What `FetchedResultsController.performFetch()` throws.
    public func performFetch() async throws {
        isStarted = true
        fetches += 1
        try await follower.follow(controller, receive: { [weak self] update in self?.receive(update) },
                                  fail: { [weak self] error in self?.error = error })
    }

    /// Starts ``performFetch()`` unless it already ran; a failure lands in
    /// ``error``. For a view that starts its model when it appears.
    ///
    /// A ``stop()`` before the fetch begins cancels it; one while it runs
    /// stops following as soon as it returns.
    public func startIfNeeded() {
        guard !isStarted else { return }
        isStarted = true
        start = Task { [weak self] in
            guard !Task.isCancelled, let self else { return }
            do {
                try await self.performFetch()
            } catch {
                if !Task.isCancelled { self.error = error }
            }
            if Task.isCancelled { self.follower.stop() }
            self.start = nil
        }
    }

    /// Stops following the controller, and cancels a fetch
    /// ``startIfNeeded()`` started; the results stay as they are.
    public func stop() {
        start?.cancel()
        start = nil
        follower.stop()
    }

    private func receive(_ update: FetchedResultsUpdate<Item>) {
        if update.isInitial || !update.changes.isEmpty {
            results = Results(snapshot: update.snapshot, lastChanges: update.changes)
        }
    }
}
