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

    /// Hands an update to every async subscriber's mailbox, and to the
    /// delegate's, drained on `queue`, where the snapshot is swapped first
    /// (the delegate hears on the main actor).
    ///
    /// Called for the engine of the current fetch, in commit order; updates
    /// of an engine replaced by a later `performFetch()` (an older
    /// generation) are dropped. It never waits for a consumer (see
    /// ``UpdateMailbox``).
    private func publish(_ update: FetchedResultsUpdate<Item>, generation: UInt64) {
        let isCurrent = state.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            state.latest = update.snapshot
            for mailbox in state.subscribers.values { mailbox.post(update) }
            return true
        }
        guard isCurrent, delegateMailbox.post(update) else { return }
        queue.async { [self] in drainDelegateMailbox() }
    }

    /// On `queue`: swaps in the pending update's snapshot (one update,
    /// merged from all that came since the last), tells the delegate on the
    /// main actor, then comes back for the next.
    private func drainDelegateMailbox() {
        guard let update = delegateMailbox.takeForDrain() else { return }
        state.withLock { $0.snapshot = update.snapshot }
        mainActor.run { [self] in
            if let delegate { notify(delegate, of: update) }
        }
        queue.async { [self] in drainDelegateMailbox() }
    }

    /// Ends every async subscription with the error and tells the delegate.
    private func fail(_ error: any Error, generation: UInt64) {
        let stopped = state.withLock { state -> (AnyDatabaseCancellable?, [UpdateMailbox<Item>])? in
            guard state.generation == generation else { return nil }
            state.failure = error
            defer {
                state.observation = nil
                state.subscribers.removeAll()
            }
            return (state.observation, Array(state.subscribers.values))
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
