#if canImport(ObjectiveC)
import Foundation
import Persistence
#elseif os(Linux)
import AppleListStandIns
import Persistence
#endif

#if canImport(ObjectiveC) || os(Linux)

/// Offers the steps of a `DatabaseUndoStack` in a window's `UndoManager`:
/// each step the stack records is registered as an undo operation named
/// with the step's action name, so that the Edit menu reads "Undo Rename
/// Photo", shake to undo works, and `canUndo`/`canRedo` follow the stack.
/// Undoing through the manager undoes the stack's step (one transaction),
/// and registers the redo; redoing registers the undo again.
///
/// ```swift
/// let stack = try DatabaseUndoStack(writer: dbQueue)
/// let adapter = UndoManagerAdapter(stack: stack, undoManager: window.undoManager!)
/// try stack.undoGroupAndWait(name: "Rename Photo") { db in … }   // "Undo Rename Photo"
/// ```
///
/// Registrations follow the manager's rules: a step recorded in a pass of
/// the run loop joins that pass's undo group (with `groupsByEvent`, the
/// default), so one menu command undoes what one user action wrote. When
/// the stack changes in a way the manager cannot follow (cleared after a
/// schema change, steps dropped by `levelsOfUndo` or pruning, a step
/// undone through the stack itself, an undo that failed), the adapter
/// removes its operations and registers the stack's undo steps again,
/// one group each; the manager's redo side is then empty until the next
/// undo. Errors of an undo or redo reach ``errorHandler`` (a conflict
/// with another writer's change, for example), and the database is
/// unchanged.
///
/// The manager holds the adapter unowned, as it holds any target: keep
/// the adapter as long as the window.
@MainActor
public final class UndoManagerAdapter {
    /// The stack whose steps are offered.
    public let stack: DatabaseUndoStack
    /// The manager the steps are registered with.
    public private(set) weak var undoManager: UndoManager?
    /// Called when an undo or redo through the manager fails.
    public var errorHandler: (@MainActor (any Error) -> Void)?

    /// The identifiers of the steps registered as undo operations, and as
    /// redo operations, oldest first.
    private var registeredUndo: [Int] = []
    private var registeredRedo: [Int] = []
    private var isPerforming = false
    private var observation: AnyDatabaseCancellable?

    /// Registers the stack's undo steps with `undoManager` now, and each
    /// new step as the stack records it.
    ///
    /// - Parameters:
    ///   - stack: The stack to follow.
    ///   - undoManager: The window's (or a view controller's) undo
    ///     manager.
    public init(stack: DatabaseUndoStack, undoManager: UndoManager) {
        self.stack = stack
        self.undoManager = undoManager
        let delivery = MainActorDelivery()
        observation = stack.observeSteps { [weak self] in
            let adapter = self
            delivery.run { adapter?.synchronize() }
        }
        // The steps recorded before: one group each.
        registeredUndo = [-1]
        synchronize()
    }

    /// Stops following the stack and removes the adapter's operations from
    /// the manager.
    public func invalidate() {
        observation?.cancel()
        observation = nil
        undoManager?.removeAllActions(withTarget: self)
        registeredUndo = []
        registeredRedo = []
    }

    /// Registers the steps the stack recorded since, or registers every
    /// undo step again when the stack changed otherwise.
    private func synchronize() {
        guard !isPerforming, let undoManager, observation != nil else { return }
        let undo = stack.undoSteps, redo = stack.redoSteps
        let undoIDs = undo.map(\.id)
        if undoIDs == registeredUndo, redo.map(\.id) == registeredRedo { return }
        if undoIDs.count > registeredUndo.count, undoIDs.starts(with: registeredUndo), redo.isEmpty {
            for step in undo[registeredUndo.count...] { register(step, undoManager) }
        } else {
            undoManager.removeAllActions(withTarget: self)
            for step in undo {
                undoManager.beginUndoGrouping()
                register(step, undoManager)
                undoManager.endUndoGrouping()
            }
            registeredRedo = []
        }
        registeredUndo = undoIDs
        registeredRedo = registeredRedo.filter { id in redo.contains { $0.id == id } }
    }

    private func register(_ step: DatabaseUndoStack.Step, _ undoManager: UndoManager) {
        undoManager.registerUndo(withTarget: self) { adapter in adapter.perform(undoing: true) }
        undoManager.setActionName(step.actionName)
    }

    /// The manager's undo or redo of one of the adapter's operations.
    private func perform(undoing: Bool) {
        isPerforming = true
        defer { isPerforming = false }
        do {
            if undoing { try stack.undo() } else { try stack.redo() }
            let moved = undoing ? stack.redoSteps.last : stack.undoSteps.last
            // Registered while undoing, the operation goes to the redo
            // side; while redoing, to the undo side.
            undoManager?.registerUndo(withTarget: self) { adapter in adapter.perform(undoing: !undoing) }
            undoManager?.setActionName(moved?.actionName ?? "")
            registeredUndo = stack.undoSteps.map(\.id)
            registeredRedo = stack.redoSteps.map(\.id)
        } catch {
            errorHandler?(error)
            // The manager has moved its group already: register the
            // stack's steps again once the undo or redo is over.
            registeredUndo = [-1]
            let adapter = self
            DispatchQueue.main.async {
                MainActor.assumeIsolated { adapter.synchronize() }
            }
        }
    }
}
#endif
