import Foundation

#if os(Linux)
/// A stand-in for Foundation's `UndoManager`, which Foundation on Linux
/// lacks, declaring Apple's signatures and keeping the rules Apple
/// documents. Where the real one raises an `NSInternalInconsistencyException`
/// (and the app ends), the stand-in records it in ``exceptions`` and
/// ignores the call. Each rule, with the sentence it enforces:
///
/// - Groups: registrations between `beginUndoGrouping()` and
///   `endUndoGrouping()` "are grouped together and reversed by a later
///   undo() message"; `endUndoGrouping()` "Raises an
///   NSInternalInconsistencyException if there's no beginUndoGrouping()
///   message in effect".
/// - Grouping by event (`groupsByEvent`, true by default: "the manager
///   automatically creates undo groups around each pass of the run
///   loop"): a registration with no open group opens one, closed when the
///   main queue's current work item ends (the stand-in's run loop pass).
///   With `groupsByEvent` off, "you must close groups explicitly before
///   invoking either undo() or undoNestedGroup()": an open group then
///   raises on `undo()`. A registration with no open group and
///   `groupsByEvent` off is not documented ("By default undo groups are
///   begun automatically at the start of the event loop"): the stand-in
///   refuses it.
/// - `undo()` "invokes endUndoGrouping() if the nesting level is 1" and
///   "Raises an NSInternalInconsistencyException if more than one undo
///   group is open"; it "applies all the undo operations in that group
///   (recording any undo operations as redo operations instead)".
/// - `redo()` performs "the operations in the last group on the redo
///   stack, if there are any, recording them on the undo stack as a
///   single group", and "Raises an internalInconsistencyException if the
///   method is invoked during an undo operation".
/// - "any undo operation registered clears the redo stack" (`canRedo`),
///   except those registered while undoing or redoing.
/// - `levelsOfUndo`: "When ending an undo group results in the number of
///   groups exceeding this limit, the manager drops the oldest groups
///   from the stack", and "If you change the limit to a level below the
///   prior limit, the manager immediately drops old undo groups".
/// - `setActionName(_:)`: "If actionName is an empty string, the undo
///   manager removes the action name currently associated with the menu
///   command"; `undoActionName` "Returns an empty string (@"") if no
///   action name has been assigned or if there is nothing to undo".
/// - `removeAllActions(withTarget:)` "Clears the undo and redo stacks of
///   all operations involving the specified target"; `removeAllActions()`
///   "Clears the undo and redo stacks and reenables the manager".
/// - `enableUndoRegistration()` "Raises an NSInternalInconsistencyException
///   if invoked while no disableUndoRegistration() message is in effect".
/// - Targets: "The undo manager maintains an unowned reference to the
///   target": undoing an operation whose target is gone is an error (a
///   crash on Apple platforms), recorded here.
/// - Notifications, as each method's page lists them: `undo()` posts a
///   checkpoint, then will/did undo change around the operations;
///   `redo()` a checkpoint and will redo change before, did redo change
///   after; `beginUndoGrouping()` a checkpoint (unless a top-level undo is
///   in progress) and did open undo group; `endUndoGrouping()` a
///   checkpoint and did close undo group "just before the group is
///   closed".
///
/// https://developer.apple.com/documentation/foundation/undomanager
@MainActor
open class UndoManager: NSObject {
    private struct Operation {
        weak var target: AnyObject?
        let targetID: ObjectIdentifier
        let perform: @MainActor (AnyObject) -> Void
    }

    private final class Group {
        var operations: [Operation] = []
        var actionName = ""
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    /// The open groups, outermost first.
    private var openGroups: [Group] = []
    /// The group registrations go to while undoing or redoing.
    private var replayGroup: Group?
    private var disabledCount = 0
    private var closesAtEndOfPass = false

    /// Stand-in only: the exceptions the real undo manager would have
    /// raised, in order.
    public private(set) var exceptions: [StandInException] = []

    /// https://developer.apple.com/documentation/foundation/undomanager/init()
    public override init() {
        super.init()
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/groupsbyevent
    open var groupsByEvent = true

    /// https://developer.apple.com/documentation/foundation/undomanager/levelsofundo
    open var levelsOfUndo = 0 {
        didSet { dropOldGroups() }
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/groupinglevel
    open var groupingLevel: Int { openGroups.count }

    /// https://developer.apple.com/documentation/foundation/undomanager/isundoing
    open private(set) var isUndoing = false
    /// https://developer.apple.com/documentation/foundation/undomanager/isredoing
    open private(set) var isRedoing = false

    /// https://developer.apple.com/documentation/foundation/undomanager/isundoregistrationenabled
    open var isUndoRegistrationEnabled: Bool { disabledCount == 0 }

    /// https://developer.apple.com/documentation/foundation/undomanager/disableundoregistration()
    open func disableUndoRegistration() {
        disabledCount += 1
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/enableundoregistration()
    open func enableUndoRegistration() {
        guard disabledCount > 0 else {
            return raise("enableUndoRegistration() while no disableUndoRegistration() is in effect")
        }
        disabledCount -= 1
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/beginundogrouping()
    open func beginUndoGrouping() {
        if !isUndoing { post(.NSUndoManagerCheckpoint) }
        openGroups.append(Group())
        post(.NSUndoManagerDidOpenUndoGroup)
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/endundogrouping()
    open func endUndoGrouping() {
        guard let group = openGroups.last else {
            return raise("endUndoGrouping() with no beginUndoGrouping() in effect")
        }
        post(.NSUndoManagerCheckpoint)
        post(.NSUndoManagerDidCloseUndoGroup)
        openGroups.removeLast()
        if openGroups.isEmpty { closesAtEndOfPass = false }
        if let outer = openGroups.last {
            // A nested group is reversed with the group around it.
            outer.operations += group.operations
            if outer.actionName.isEmpty { outer.actionName = group.actionName }
        } else if !group.operations.isEmpty {
            undoStack.append(group)
            dropOldGroups()
        }
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/registerundo(withtarget:handler:)
    open func registerUndo<TargetType: AnyObject>(withTarget target: TargetType, handler: @escaping @MainActor (TargetType) -> Void) {
        guard isUndoRegistrationEnabled else { return }
        let operation = Operation(target: target, targetID: ObjectIdentifier(target)) { object in
            if let typed = object as? TargetType { handler(typed) }
        }
        if let replayGroup {
            replayGroup.operations.append(operation)
            return
        }
        redoStack.removeAll()
        if openGroups.isEmpty {
            guard groupsByEvent else {
                return raise("registerUndo(withTarget:handler:) with no open undo group while groupsByEvent is false (undocumented; the stand-in refuses it)")
            }
            beginUndoGrouping()
            closeAtEndOfPass()
        }
        openGroups[openGroups.count - 1].operations.append(operation)
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/setactionname(_:)-8lzip
    open func setActionName(_ actionName: String) {
        guard isUndoRegistrationEnabled else { return }
        (replayGroup ?? openGroups.first ?? undoStack.last)?.actionName = actionName
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/canundo
    open var canUndo: Bool {
        !undoStack.isEmpty || openGroups.contains { !$0.operations.isEmpty }
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/canredo
    open var canRedo: Bool {
        post(.NSUndoManagerCheckpoint)
        return !redoStack.isEmpty
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/undoactionname
    open var undoActionName: String {
        (openGroups.first.flatMap { $0.operations.isEmpty ? nil : $0 } ?? undoStack.last)?.actionName ?? ""
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/redoactionname
    open var redoActionName: String { redoStack.last?.actionName ?? "" }

    /// https://developer.apple.com/documentation/foundation/undomanager/undomenuitemtitle
    open var undoMenuItemTitle: String { undoMenuTitle(forUndoActionName: undoActionName) }
    /// https://developer.apple.com/documentation/foundation/undomanager/redomenuitemtitle
    open var redoMenuItemTitle: String { redoMenuTitle(forUndoActionName: redoActionName) }

    /// https://developer.apple.com/documentation/foundation/undomanager/undomenutitle(forundoactionname:)
    open func undoMenuTitle(forUndoActionName actionName: String) -> String {
        actionName.isEmpty ? "Undo" : "Undo \(actionName)"
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/redomenutitle(forundoactionname:)
    open func redoMenuTitle(forUndoActionName actionName: String) -> String {
        actionName.isEmpty ? "Redo" : "Redo \(actionName)"
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/undo()
    open func undo() {
        guard openGroups.count <= 1 else {
            return raise("undo() with \(openGroups.count) undo groups open (the last group is not at the top level)")
        }
        if !openGroups.isEmpty {
            guard groupsByEvent || closesAtEndOfPass else {
                return raise("undo() with an open undo group while groupsByEvent is false: close groups explicitly first")
            }
            endUndoGrouping()
        }
        post(.NSUndoManagerCheckpoint)
        guard let group = undoStack.popLast() else { return }
        post(.NSUndoManagerWillUndoChange)
        isUndoing = true
        let redoGroup = replay(group)
        isUndoing = false
        if !redoGroup.operations.isEmpty { redoStack.append(redoGroup) }
        post(.NSUndoManagerDidUndoChange)
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/redo()
    open func redo() {
        guard !isUndoing else {
            return raise("redo() during an undo operation")
        }
        post(.NSUndoManagerCheckpoint)
        guard let group = redoStack.popLast() else { return }
        post(.NSUndoManagerWillRedoChange)
        isRedoing = true
        let undoGroup = replay(group)
        isRedoing = false
        if !undoGroup.operations.isEmpty {
            undoStack.append(undoGroup)
            dropOldGroups()
        }
        post(.NSUndoManagerDidRedoChange)
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/removeallactions()
    open func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        openGroups.removeAll()
        disabledCount = 0
    }

    /// https://developer.apple.com/documentation/foundation/undomanager/removeallactions(withtarget:)
    open func removeAllActions(withTarget target: Any) {
        let id = ObjectIdentifier(target as AnyObject)
        for group in undoStack + redoStack + openGroups {
            group.operations.removeAll { $0.targetID == id }
        }
        undoStack.removeAll { $0.operations.isEmpty }
        redoStack.removeAll { $0.operations.isEmpty }
    }

    /// Performs a group's operations, newest first, collecting what they
    /// register into the group for the other stack.
    private func replay(_ group: Group) -> Group {
        let collected = Group()
        collected.actionName = group.actionName
        let outer = replayGroup
        replayGroup = collected
        defer { replayGroup = outer }
        for operation in group.operations.reversed() {
            guard let target = operation.target else {
                raise("an undo operation's target was deallocated (the undo manager holds it unowned)")
                continue
            }
            operation.perform(target)
        }
        return collected
    }

    private func dropOldGroups() {
        if levelsOfUndo > 0, undoStack.count > levelsOfUndo {
            undoStack.removeFirst(undoStack.count - levelsOfUndo)
        }
    }

    /// Closes the group opened for a registration when the main queue's
    /// current work item ends.
    private func closeAtEndOfPass() {
        closesAtEndOfPass = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.closesAtEndOfPass else { return }
                self.closesAtEndOfPass = false
                if self.openGroups.count == 1 { self.endUndoGrouping() }
            }
        }
    }

    private func post(_ name: Notification.Name) {
        NotificationCenter.default.post(name: name, object: self)
    }

    private func raise(_ reason: String) {
        exceptions.append(StandInException(.internalInconsistency, reason))
    }
}

extension Notification.Name {
    /// https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nsundomanagercheckpoint
    public static let NSUndoManagerCheckpoint = Notification.Name("NSUndoManagerCheckpointNotification")
    /// https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nsundomanagerdidopenundogroup
    public static let NSUndoManagerDidOpenUndoGroup = Notification.Name("NSUndoManagerDidOpenUndoGroupNotification")
    /// https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nsundomanagerdidcloseundogroup
    public static let NSUndoManagerDidCloseUndoGroup = Notification.Name("NSUndoManagerDidCloseUndoGroupNotification")
    /// https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nsundomanagerwillundochange
    public static let NSUndoManagerWillUndoChange = Notification.Name("NSUndoManagerWillUndoChangeNotification")
    /// https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nsundomanagerdidundochange
    public static let NSUndoManagerDidUndoChange = Notification.Name("NSUndoManagerDidUndoChangeNotification")
    /// https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nsundomanagerwillredochange
    public static let NSUndoManagerWillRedoChange = Notification.Name("NSUndoManagerWillRedoChangeNotification")
    /// https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nsundomanagerdidredochange
    public static let NSUndoManagerDidRedoChange = Notification.Name("NSUndoManagerDidRedoChangeNotification")
}
#endif
