import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// A list consumer for live tests: it applies every change set of a
/// controller's `changes` sequence to its own copy of the list, checking
/// each one against the rules, as a table view would.
actor LiveConsumer {
    private(set) var model: [ListSection<Row>] = []
    private(set) var updateCount = 0
    private(set) var problems: [String] = []
    private(set) var failure: (any Error)?
    private var task: Task<Void, Never>?
    /// A check of every delivered list (rows in order): a message when the
    /// list breaks it.
    private let invariant: (@Sendable ([Row]) -> String?)?

    init(invariant: (@Sendable ([Row]) -> String?)? = nil) {
        self.invariant = invariant
    }

    /// Starts consuming; returns once the initial snapshot is in.
    func start(_ controller: FetchedResultsController<Row>) async {
        let updates = controller.updates
        let identity = controller.request.identityColumn
        task = Task {
            do {
                for try await update in updates { self.receive(update, identity: identity) }
            } catch {
                self.failure = error
            }
        }
        _ = await wait(timeout: 60) { $0.updateCount > 0 }
    }

    func stop() {
        task?.cancel()
    }

    private func receive(_ update: FetchedResultsUpdate<Row>, identity: String) {
        updateCount += 1
        if let invariant, let rows = try? update.snapshot.listSections().flatMap(\.items), let broken = invariant(rows) {
            problems.append("update \(updateCount): \(broken)")
        }
        if update.isInitial {
            model = try! update.snapshot.listSections()  // the tests fetch without a batch size: never throws
            return
        }
        let old = update.previousSnapshot.identitySections()
        let new = update.snapshot.identitySections()
        do {
            try ListUpdateRules.validate(update.changes, from: old, to: new, id: { $0[identity] ?? .null },
                                         changedIDs: Self.changedIDs(update.previousSnapshot, update.snapshot))
            model = try update.changes.applied(to: model)
            // Identities must match exactly; content is compared with a
            // fresh fetch at the end (batched pages load later states).
            let modelIDs = model.map { ListSection(name: $0.name, items: $0.items.map { $0[identity] ?? .null }) }
            if modelIDs != new {
                problems.append("update \(updateCount): the applied list differs from the snapshot")
            }
        } catch {
            problems.append("update \(updateCount): \(error)")
        }
    }

    /// Identities whose content hash differs between two snapshots.
    static func changedIDs(_ old: FetchedResultsSnapshot<Row>, _ new: FetchedResultsSnapshot<Row>) -> Set<DatabaseValue> {
        var hashes: [DatabaseValue: Int] = [:]
        for key in old.storage.keys { hashes[key.id] = key.contentHash }
        var changed: Set<DatabaseValue> = []
        for key in new.storage.keys where hashes[key.id].map({ $0 != key.contentHash }) == true {
            changed.insert(key.id)
        }
        return changed
    }

    /// Polls until `condition` holds or `timeout` seconds pass.
    func wait(timeout: Double, _ condition: @Sendable (isolated LiveConsumer) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition(self)
    }

    /// Waits until the model equals `expected` (or the timeout passes).
    func waitForModel(_ expected: [ListSection<Row>], timeout: Double = 60) async -> Bool {
        await wait(timeout: timeout) { $0.model == expected || $0.failure != nil }
    }
}
