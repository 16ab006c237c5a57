import Foundation
import Persistence

extension FetchedResultsController {
    /// Where the engine of the fetch numbered `generation` sends its
    /// updates and its failure; held weakly, so an abandoned controller
    /// stops.
    func output(of generation: UInt64) -> EngineOutput<Item> {
        EngineOutput(publish: { [weak self] update in self?.publish(update, generation: generation) },
                     fail: { [weak self] error in self?.fail(error, generation: generation) })
    }

    /// Hands an update to every subscriber's mailbox alike: the async
    /// sequences', and the delegate's, which drains on `queue`.
    ///
    /// Called for the engine of the current fetch, in commit order; updates
    /// of an engine replaced by a later `performFetch()` (an older
    /// generation) are dropped. It never waits for a consumer (see
    /// ``UpdateMailbox``).
    private func publish(_ update: FetchedResultsUpdate<Item>, generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.latest = update.snapshot
            for mailbox in state.subscribers.observers { mailbox.post(update) }
        }
    }

    /// Subscribes the delegate for the fetch starting now: a mailbox
    /// drained on `queue`, where each update's snapshot becomes
    /// ``snapshot`` just before the delegate hears of it on the main
    /// actor. An update still waiting from the last fetch is dropped (a new
    /// fetch does not report changes, as in Core Data).
    func subscribeDelegate(_ state: inout State) {
        if let id = state.delegateSubscriber, let mailbox = state.subscribers[id: id] {
            mailbox.discardPending()
            return
        }
        state.delegateSubscriber = state.subscribers.add { _ in
            UpdateMailbox<Item>(scheduleDrain: { [weak self] mailbox in
                guard let self else { return }
                queue.async { [self] in drainDelegate(mailbox) }
            })
        }
    }

    /// On `queue`: swaps in the pending update's snapshot (one update,
    /// merged from all that came since the last), tells the delegate on the
    /// main actor, then comes back for the next.
    private func drainDelegate(_ mailbox: UpdateMailbox<Item>) {
        guard let update = mailbox.takeForDrain() else { return }
        state.withLock { $0.snapshot = update.snapshot }
        mainActor.run { [self] in
            if let delegate { notify(delegate, of: update) }
        }
        queue.async { [self] in drainDelegate(mailbox) }
    }

    /// The delegate's mailbox, while observing (what a slow delegate
    /// queue costs: ``UpdateMailbox/pendingCount``).
    var delegateMailbox: UpdateMailbox<Item>? {
        state.withLock { state in state.delegateSubscriber.flatMap { state.subscribers[id: $0] } }
    }

    /// Ends every async subscription with the error and tells the delegate.
    private func fail(_ error: any Error, generation: UInt64) {
        let stopped = state.withLock { state -> (AnyDatabaseCancellable?, [UpdateMailbox<Item>])? in
            guard state.generation == generation else { return nil }
            state.failure = error
            defer {
                state.observation = nil
                state.delegateSubscriber = nil
            }
            return (state.observation, state.subscribers.removeAll())
        }
        guard let (observation, mailboxes) = stopped else { return }
        observation?.cancel()
        for mailbox in mailboxes { mailbox.finish(throwing: error) }
        queue.async { [self] in
            mainActor.run { [self] in delegate?.controller(self, didFailWith: error) }
        }
    }

    @MainActor
    private func notify(_ delegate: some FetchedResultsControllerDelegate<Item>, of update: FetchedResultsUpdate<Item>) {
        let changes = update.changes
        delegate.controllerWillChangeContent(self)
        let previousSections = update.previousSnapshot.sections
        let sections = update.snapshot.sections
        for index in changes.deletedSections {
            delegate.controller(self, didChange: previousSections[index], atSectionIndex: index, for: .delete)
        }
        for insert in changes.insertedSections {
            delegate.controller(self, didChange: sections[insert.index], atSectionIndex: insert.index, for: .insert)
        }
        let previous = update.previousSnapshot
        for path in changes.deletedRows {
            let index = previous.storage.globalIndex(of: path)
            let old = previous.storage.items.map { $0[index] } ?? previous.pages?.cachedItem(for: previous.storage.keys[index])
            delegate.controller(self, didChange: old, at: path, for: .delete, newIndexPath: nil)
        }
        for insert in changes.insertedRows {
            delegate.controller(self, didChange: insert.item, at: nil, for: .insert, newIndexPath: insert.indexPath)
        }
        for move in changes.movedRows {
            delegate.controller(self, didChange: move.item, at: move.from, for: .move, newIndexPath: move.to)
        }
        for update in changes.updatedRows {
            delegate.controller(self, didChange: update.item, at: update.from, for: .update, newIndexPath: update.to)
        }
        delegate.controller(self, didChangeContentWith: update)
        delegate.controllerDidChangeContent(self)
    }
}
