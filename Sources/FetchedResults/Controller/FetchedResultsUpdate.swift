import Persistence

/// One step of a controller's results: the new snapshot and the change set
/// that turns the previous snapshot into it.
///
/// A consumer swaps in ``snapshot`` and applies ``changes`` as one batch.
public struct FetchedResultsUpdate<Item: FetchableRecord & Sendable>: Sendable {
    /// The state after the change.
    public var snapshot: FetchedResultsSnapshot<Item>
    /// The state before the change.
    public var previousSnapshot: FetchedResultsSnapshot<Item>
    /// The changes from ``previousSnapshot`` to ``snapshot``; empty for the
    /// initial update.
    public var changes: ChangeSet<Item>
    /// Whether this update starts over: the snapshot as it stood when
    /// iteration began, or the result of a new `performFetch()`, with no
    /// changes. Replace the list with ``snapshot``.
    public var isInitial: Bool

    /// Creates an update.
    public init(snapshot: FetchedResultsSnapshot<Item>, previousSnapshot: FetchedResultsSnapshot<Item>,
                changes: ChangeSet<Item>, isInitial: Bool) {
        self.snapshot = snapshot
        self.previousSnapshot = previousSnapshot
        self.changes = changes
        self.isInitial = isInitial
    }
}

/// A controller's updates as an asynchronous sequence
/// (``FetchedResultsController/updates``): first the current snapshot
/// (``FetchedResultsUpdate/isInitial``), then the change sets in commit
/// order. A consumer that falls behind gets the updates it has not taken
/// merged into one, from its last snapshot to the newest: no change is
/// lost, and updates never pile up.
///
/// ```swift
/// try await controller.performFetch()
/// var sections: [ListSection<Photo>] = []
/// for try await update in controller.updates {
///     sections = try update.isInitial ? update.snapshot.listSections() : update.changes.applied(to: sections)
/// }
/// ```
///
/// Iteration ends with an error if observation fails; ending the
/// iteration (or cancelling its task) unsubscribes.
public struct FetchedResultsUpdateSequence<Item: FetchableRecord & Sendable>: AsyncSequence, Sendable {
    /// One update: a snapshot and its change set.
    public typealias Element = FetchedResultsUpdate<Item>

    let mailbox: UpdateMailbox<Item>

    /// Iterates over updates.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let mailbox: UpdateMailbox<Item>

        /// The next update, nil once the controller stops observing.
        ///
        /// - Throws: The error that ended observation.
        public mutating func next() async throws -> FetchedResultsUpdate<Item>? {
            try await mailbox.next()
        }
    }

    /// Starts iterating.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(mailbox: mailbox)
    }
}

/// A controller's updates as an asynchronous sequence.
@available(*, deprecated, renamed: "FetchedResultsUpdateSequence")
public typealias FetchedResultsUpdates = FetchedResultsUpdateSequence
