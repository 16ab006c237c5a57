#if os(Linux)
import AppleListStandIns
import Foundation
import Testing

/// The stand-in `UndoManager` keeps the rules Apple documents: grouping
/// (by event or explicit), the redo side, levels, action names, targets,
/// registration and the exceptions the real one raises.
@MainActor
@Suite struct UndoManagerStandInTests {
    final class Value {
        var number = 0
    }

    /// Sets `value` and registers the undo that sets it back (which, while
    /// undoing, registers the redo).
    func set(_ value: Value, _ number: Int, _ manager: UndoManager) {
        Self.set(value, number, manager)
    }

    static func set(_ value: Value, _ number: Int, _ manager: UndoManager) {
        let old = value.number
        value.number = number
        manager.registerUndo(withTarget: value) { target in Self.set(target, old, manager) }
    }

    /// Lets the main queue finish its current work item: the stand-in's
    /// run loop pass ends, and the group it opened closes.
    func endPass() async {
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    }

    @Test func registrationsOfOnePassAreOneGroupAndUndoRegistersRedo() async {
        let manager = UndoManager()
        let value = Value()
        set(value, 1, manager)
        set(value, 2, manager)
        #expect(manager.groupingLevel == 1 && manager.canUndo)
        await endPass()
        #expect(manager.groupingLevel == 0)
        set(value, 3, manager)
        await endPass()
        manager.undo()
        #expect(value.number == 2 && manager.canRedo)
        manager.undo()
        #expect(value.number == 0 && !manager.canUndo)
        manager.redo()
        #expect(value.number == 2)
        manager.redo()
        #expect(value.number == 3 && !manager.canRedo)
        #expect(manager.exceptions.isEmpty)
    }

    @Test func undoClosesAGroupAtLevelOneAndRaisesWithMoreOpen() {
        let manager = UndoManager()
        let value = Value()
        manager.beginUndoGrouping()
        set(value, 1, manager)
        manager.undo()
        #expect(value.number == 0 && manager.groupingLevel == 0 && manager.exceptions.isEmpty)
        manager.beginUndoGrouping()
        manager.beginUndoGrouping()
        set(value, 5, manager)
        manager.undo()
        #expect(value.number == 5)
        #expect(manager.exceptions.map(\.name) == [.internalInconsistency])
        manager.endUndoGrouping()
        manager.endUndoGrouping()
        manager.endUndoGrouping()
        #expect(manager.exceptions.count == 2, "endUndoGrouping() with no group open raises")
        manager.undo()
        #expect(value.number == 0, "the nested group is undone with its parent")
    }

    @Test func withoutGroupingByEventGroupsAreTheCallersToOpenAndClose() {
        let manager = UndoManager()
        manager.groupsByEvent = false
        let value = Value()
        set(value, 1, manager)
        #expect(manager.exceptions.count == 1 && !manager.canUndo)
        manager.beginUndoGrouping()
        set(value, 2, manager)
        manager.undo()
        #expect(manager.exceptions.count == 2 && value.number == 2, "undo with an open group raises when groupsByEvent is false")
        manager.endUndoGrouping()
        manager.undo()
        #expect(value.number == 1)
    }

    @Test func aNewRegistrationClearsTheRedoSideButOnesWhileRedoingDoNot() {
        let manager = UndoManager()
        manager.groupsByEvent = false
        let value = Value()
        for number in 1...3 {
            manager.beginUndoGrouping()
            set(value, number, manager)
            manager.endUndoGrouping()
        }
        manager.undo()
        manager.undo()
        #expect(value.number == 1 && manager.canRedo)
        manager.redo()
        #expect(value.number == 2 && manager.canRedo, "redoing keeps the rest of the redo side")
        manager.beginUndoGrouping()
        set(value, 9, manager)
        manager.endUndoGrouping()
        #expect(!manager.canRedo)
    }

    @Test func levelsOfUndoDropTheOldestGroups() {
        let manager = UndoManager()
        manager.groupsByEvent = false
        manager.levelsOfUndo = 2
        let value = Value()
        for number in 1...4 {
            manager.beginUndoGrouping()
            set(value, number, manager)
            manager.endUndoGrouping()
        }
        manager.undo()
        manager.undo()
        manager.undo()
        #expect(value.number == 2)
        manager.redo()
        manager.redo()
        manager.levelsOfUndo = 1
        manager.undo()
        manager.undo()
        #expect(value.number == 3)
    }

    @Test func actionNamesAndMenuTitles() {
        let manager = UndoManager()
        manager.groupsByEvent = false
        let value = Value()
        #expect(manager.undoActionName == "" && manager.undoMenuItemTitle == "Undo")
        manager.beginUndoGrouping()
        set(value, 1, manager)
        manager.setActionName("Rename Photo")
        manager.endUndoGrouping()
        #expect(manager.undoActionName == "Rename Photo" && manager.undoMenuItemTitle == "Undo Rename Photo")
        manager.setActionName("")
        #expect(manager.undoActionName == "")
        manager.setActionName("Rename")
        manager.undo()
        #expect(manager.redoActionName == "Rename" && manager.redoMenuItemTitle == "Redo Rename" && manager.undoActionName == "")
    }

    @Test func removingATargetsActionsKeepsTheOthers() {
        let manager = UndoManager()
        manager.groupsByEvent = false
        let first = Value(), second = Value()
        manager.beginUndoGrouping()
        set(first, 1, manager)
        manager.endUndoGrouping()
        manager.beginUndoGrouping()
        set(second, 1, manager)
        set(first, 2, manager)
        manager.endUndoGrouping()
        manager.removeAllActions(withTarget: first)
        manager.undo()
        #expect(second.number == 0 && first.number == 2)
        #expect(!manager.canUndo, "the group left empty is gone")
        manager.removeAllActions()
        #expect(!manager.canRedo)
    }

    @Test func registrationCanBeDisabledAndEnablingUnbalancedRaises() {
        let manager = UndoManager()
        manager.groupsByEvent = false
        let value = Value()
        manager.disableUndoRegistration()
        manager.beginUndoGrouping()
        set(value, 1, manager)
        manager.endUndoGrouping()
        #expect(!manager.canUndo && !manager.isUndoRegistrationEnabled)
        manager.enableUndoRegistration()
        manager.enableUndoRegistration()
        #expect(manager.exceptions.count == 1)
    }

    @Test func aDeallocatedTargetAndRedoWhileUndoingRaise() {
        let manager = UndoManager()
        manager.groupsByEvent = false
        manager.beginUndoGrouping()
        do {
            let value = Value()
            set(value, 1, manager)
        }
        manager.endUndoGrouping()
        manager.undo()
        #expect(manager.exceptions.count == 1)
        let value = Value()
        manager.beginUndoGrouping()
        manager.registerUndo(withTarget: value) { _ in
            #expect(manager.isUndoing && !manager.isRedoing)
            manager.redo()
        }
        manager.endUndoGrouping()
        manager.undo()
        #expect(manager.exceptions.count == 2)
    }

    @Test func undoAndRedoPostTheirNotifications() {
        let manager = UndoManager()
        manager.groupsByEvent = false
        let value = Value()
        final class Names: @unchecked Sendable { var list: [Notification.Name] = [] }
        let names = Names()
        let observers = [Notification.Name.NSUndoManagerWillUndoChange, .NSUndoManagerDidUndoChange, .NSUndoManagerWillRedoChange, .NSUndoManagerDidRedoChange]
            .map { name in NotificationCenter.default.addObserver(forName: name, object: manager, queue: nil) { names.list.append($0.name) } }
        defer { for observer in observers { NotificationCenter.default.removeObserver(observer) } }
        manager.beginUndoGrouping()
        set(value, 1, manager)
        manager.endUndoGrouping()
        manager.undo()
        manager.redo()
        #expect(names.list == [.NSUndoManagerWillUndoChange, .NSUndoManagerDidUndoChange, .NSUndoManagerWillRedoChange, .NSUndoManagerDidRedoChange])
    }
}
#endif
