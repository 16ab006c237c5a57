import Dispatch
import Foundation
import Persistence

/// Live, sectioned results of a query, with the change set a table view
/// applies after every commit that changes them: Core Data's
/// `NSFetchedResultsController`, over SQLite.
///
/// ```swift
/// let controller = FetchedResultsController<Photo>(
///     database: dbQueue,
///     request: FetchRequest(table: "photo", sortedBy: [.ascending("album"), .ascending("name")],
///                           sectionColumn: "album"))
/// controller.delegate = self          // Core Data style, on the main actor
/// try await controller.performFetch()  // performFetchAndWait() in synchronous code
/// controller.numberOfSections          // sections, object(at:), indexPath(forID:)…
///
/// for try await update in controller.updates { … } // or as an async sequence
/// ```
///
/// From ``performFetch()`` on, the controller observes the database: after
/// each commit that may change its result (through any connection of the
/// queue or pool, or by another process on the same file) it computes the
/// new snapshot and the change set on the database's writer queue, off the
/// caller's executor, then delivers them on ``queue`` and to every
/// ``changes`` sequence.
///
/// How the change set is computed:
/// - A request over one table whose identity is the rowid (or its `INTEGER
///   PRIMARY KEY` alias), without a limit, follows commits of its own queue
///   or pool incrementally: it fetches only the changed rowids and places
///   them by binary search on the sort order, in O(k log n). That holds
///   for structured requests and for raw SQL of the form
///   `SELECT … FROM table [WHERE …] ORDER BY …` (no join, subquery,
///   aggregate, `DISTINCT` or `LIMIT`), whose order the controller makes
///   total by appending the identity as a last `ORDER BY` term, when its
///   functions are deterministic (not `julianday('now')`, `random()`…).
/// - Anything else (other SQL, views, joins, limits, commits by other
///   processes without a change history, schema changes) refetches and
///   diffs by identity in O(n log n). Both give the same rows: the
///   incremental path is taken only when SQLite's metadata proves it.
///
/// A row's content changed when any of its column values changed (the
/// controller compares a hash of the row's values, so `Item` needs no
/// `Equatable` conformance).
///
/// The controller is `Sendable`; its ``snapshot`` is swapped atomically on
/// ``queue`` just before the delegate hears of the change, so it is never
/// seen half-updated.
public final class FetchedResultsController<Item: FetchableRecord & Sendable>: @unchecked Sendable {
    // Safe: every mutable property lives in `state`, only touched while its
    // lock is held; the others are immutable.

    /// The database observed.
    public let database: any DatabaseWriter
    /// The request.
    public let request: FetchRequest
    /// The serial queue ``snapshot`` updates happen on, the main queue by
    /// default. The delegate is always called on the main actor, right
    /// after (at once when this is the main queue).
    public let queue: DispatchQueue

    struct State {
        var snapshot = FetchedResultsSnapshot<Item>.empty
        /// The latest computed snapshot, ahead of `snapshot` until delivered.
        var latest = FetchedResultsSnapshot<Item>.empty
        weak var delegate: (any FetchedResultsControllerDelegate<Item>)?
        var observation: AnyDatabaseCancellable?
        /// The fetch whose engine may deliver: a number each
        /// `performFetch()` (and `stopObserving()`) moves on.
        var generation: UInt64 = 0
        var engineStatistics: Mutex<EngineStatistics>?
        /// Every subscriber's mailbox: the async sequences' and the
        /// delegate's, posted to alike.
        var subscribers = ObserverRegistry<UpdateMailbox<Item>>()
        /// The delegate's subscription, while observing.
        var delegateSubscriber: ObserverRegistry<UpdateMailbox<Item>>.ID?
        var failure: (any Error)?
    }

    let state = Mutex(State())
    /// What a fetch runs first, in its read transaction: checks (a typed
    /// record's columns) and the request to run instead of ``request``
    /// for this database's schema, if any.
    let prepare: (@Sendable (Database) throws -> FetchRequest?)?
    /// The hop to the main actor for the delegate.
    let mainActor = MainActorDelivery()

    /// Creates a controller. Nothing is fetched before ``performFetch()``.
    ///
    /// - Parameters:
    ///   - database: The queue or pool to read and observe.
    ///   - request: The rows to show.
    ///   - queue: A serial queue for snapshot updates (delegate calls
    ///     follow on the main actor);
    ///     the main queue by default (the main actor on Apple platforms).
    public init(database: any DatabaseWriter, request: FetchRequest, queue: DispatchQueue = .main) {
        self.database = database
        self.request = request
        self.queue = queue
        self.prepare = nil
    }

    /// A controller that runs `prepare` before each fetch, in its read
    /// transaction, and fetches the request it returns (``request`` when
    /// nil).
    init(database: any DatabaseWriter, request: FetchRequest, queue: DispatchQueue,
         prepare: (@Sendable (Database) throws -> FetchRequest?)?) {
        self.database = database
        self.request = request
        self.queue = queue
        self.prepare = prepare
    }

    deinit {
        stopObserving()
    }

    /// The delegate, held weakly; called on the main actor.
    public var delegate: (any FetchedResultsControllerDelegate<Item>)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Fetches the rows and starts observing the database, blocking the
    /// calling thread (Core Data's `performAndWait`).
    ///
    /// For synchronous code: a command-line tool, a script's setup, a
    /// test. Async code uses ``performFetch()``, which does not block a
    /// thread of the concurrency pool. The two have different names so
    /// that `try await controller.performFetch()` is the async fetch
    /// everywhere, in top-level code too (where Swift would pick a
    /// blocking overload of the same name), as with `readAndWait` and
    /// `read`.
    ///
    /// The fetch and the start of observation happen in one step on the
    /// writer's queue, in one read transaction, so no commit of this
    /// process or another falls between them. Calling it again
    /// refetches without reporting changes (as Core Data does).
    ///
    /// ```swift
    /// let controller = FetchedResultsController<Row>(database: dbQueue, request: FetchRequest(table: "photo"))
    /// try controller.performFetchAndWait()
    /// print(controller.count)
    /// ```
    ///
    /// - Throws: ``FetchedResultsError`` (duplicate identities, a missing
    ///   identity or section column, a query not ordered by its section
    ///   column), `DatabaseError` (bad SQL), or the item's decoding error.
    ///   On error the previous state and observation are kept.
    /// - Complexity: O(n log n) for n rows.
    public func performFetchAndWait() throws {
        try request.validate()
        // Fetches run one at a time on the writer queue: the next
        // generation is this fetch's until another one starts. Plume's one
        // starter runs the fetch, the start of observation and the swap of
        // state in one read transaction: no commit, of this process or
        // another, falls between them.
        let replaced = try database.fetchThenObserve({ db in
            let request = try prepare?(db) ?? request
            let generation = state.withLock { $0.generation &+ 1 }
            return try ResultsEngine<Item>(request: request, reader: database, output: output(of: generation), generation: generation, db)
        }, finish: { _, engine, observation in
            engine.observation = observation
            return state.withLock { state in
                defer {
                    state.generation = engine.generation
                    state.observation = observation
                    state.engineStatistics = engine.statistics
                    state.snapshot = engine.snapshot
                    state.latest = engine.snapshot
                    state.failure = nil
                }
                // Subscribers start over from the new fetch.
                let reset = FetchedResultsUpdate(snapshot: engine.snapshot, previousSnapshot: state.latest,
                                                 changes: ChangeSet(), isInitial: true)
                for id in state.subscribers.ids where id != state.delegateSubscriber {
                    state.subscribers[id: id]?.post(reset)
                }
                subscribeDelegate(&state)
                return state.observation
            }
        })
        replaced?.cancel()
    }

    /// Fetches the rows and starts observing the database, without
    /// blocking a thread.
    ///
    /// The fetch and the start of observation happen in one step on the
    /// writer's queue, so no commit falls between them. Calling it again
    /// refetches without reporting changes (as Core Data does); each
    /// ``changes`` sequence then starts over with an initial update.
    ///
    /// - Throws: ``FetchedResultsError`` (duplicate identities, a missing
    ///   identity or section column, a query not ordered by its section
    ///   column), `DatabaseError` (bad SQL), or the item's decoding error.
    ///   On error the previous state and observation are kept.
    /// - Complexity: O(n log n) for n rows.
    public func performFetch() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try self.performFetchAndWait() })
            }
        }
    }

    /// Stops observing the database; the snapshot stays and every
    /// ``changes`` sequence ends.
    public func stopObserving() {
        let (observation, mailboxes) = state.withLock { state in
            defer {
                state.generation &+= 1
                state.observation = nil
                state.delegateSubscriber = nil
            }
            return (state.observation, state.subscribers.removeAll())
        }
        observation?.cancel()
        for mailbox in mailboxes { mailbox.finish() }
    }

    /// Whether the newest state the controller computed is `snapshot`: no
    /// update was computed since, and none is on its way to a subscriber.
    ///
    /// A commit of this process is followed before the write returns
    /// (except a pool's refetch, which runs on a reader), so a data source
    /// can tell right after a synchronous write whether it changed the
    /// results.
    package func hasComputedNothing(since snapshot: FetchedResultsSnapshot<Item>) -> Bool {
        state.withLock { $0.latest.isSameSnapshot(as: snapshot) }
    }

    /// How the current fetch followed commits so far.
    var engineStatistics: EngineStatistics? {
        state.withLock { $0.engineStatistics }?.withLock { $0 }
    }

    // MARK: - Access

    /// The current results: the last state delivered on ``queue``.
    public var snapshot: FetchedResultsSnapshot<Item> { state.withLock { $0.snapshot } }

    /// The sections of the current results.
    public var sections: [FetchedResultsSection<Item>] { snapshot.sections }

    /// The number of sections.
    public var numberOfSections: Int { snapshot.numberOfSections }

    /// The number of rows of all sections.
    public var count: Int { snapshot.count }

    /// Every row, in order.
    ///
    /// - Throws: With a batch size, what ``object(at:)`` throws.
    public var fetchedObjects: [Item] {
        get throws { try snapshot.fetchedObjects }
    }

    /// The section index titles, as Core Data offers them.
    public var sectionIndexTitles: [String] { snapshot.sectionIndexTitles }

    /// The row at an index path.
    ///
    /// - Throws: With a batch size only: see
    ///   ``FetchedResultsSnapshot/object(at:)`` (a row deleted by a commit
    ///   whose change set is on its way).
    /// - Complexity: O(log n); a page load on a miss with a batch size.
    public func object(at indexPath: IndexPath) throws -> Item { try snapshot.object(at: indexPath) }

    /// The index path of the row with an identity, or nil.
    ///
    /// - Complexity: O(n) on the first call for a snapshot, then O(1).
    public func indexPath(forID id: some DatabaseValueConvertible) -> IndexPath? {
        snapshot.indexPath(forID: id)
    }

    /// The section for a section index title (for a table view's index).
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        snapshot.section(forSectionIndexTitle: title, at: index)
    }

    /// The updates as an asynchronous sequence: first the current
    /// snapshot, then one update per change set. Each access starts a new
    /// subscription. A later ``performFetch()`` sends a new initial update
    /// (``FetchedResultsUpdate/isInitial``): replace the list with it.
    ///
    /// A consumer that falls behind never makes updates pile up: the
    /// updates it has not taken yet are merged into one, from its last
    /// snapshot to the newest.
    public var updates: FetchedResultsUpdateSequence<Item> {
        state.withLock { state in
            let initial = FetchedResultsUpdate(snapshot: state.latest, previousSnapshot: state.latest, changes: ChangeSet(), isInitial: true)
            if let failure = state.failure {
                let mailbox = UpdateMailbox<Item>()
                mailbox.post(initial)
                mailbox.finish(throwing: failure)
                return FetchedResultsUpdateSequence(mailbox: mailbox)
            }
            var mailbox: UpdateMailbox<Item>!
            state.subscribers.add { id in
                mailbox = UpdateMailbox<Item> { [weak self] in
                    self?.state.withLock { _ = $0.subscribers.remove(id) }
                }
                mailbox.post(initial)
                return mailbox
            }
            return FetchedResultsUpdateSequence(mailbox: mailbox)
        }
    }

    /// The updates as an asynchronous sequence.
    @available(*, deprecated, renamed: "updates")
    public var changes: FetchedResultsUpdateSequence<Item> { updates }
}
