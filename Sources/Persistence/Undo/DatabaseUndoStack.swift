import Foundation

/// Undo and redo of this app's own transactions, built on the change
/// history with values (Core Data's `NSManagedObjectContext.undoManager`).
///
/// Write through the stack (it is a ``DatabaseWriter`` over a
/// ``DatabaseQueue`` or ``DatabasePool``): each transaction it commits,
/// or each group opened with ``undoGroupAndWait(name:_:)``, becomes one
/// step named for a menu ("Undo Rename Photo"). ``undo(_:)`` applies the
/// inverse of the newest step in one transaction, ``redo(_:)`` reapplies
/// it, and a new write clears the redo side.
///
/// ```swift
/// let stack = try DatabaseUndoStack(writer: dbQueue)
/// try stack.undoGroupAndWait(name: "Rename Photo") { db in
///     try db.execute(sql: "UPDATE photo SET name = 'Tram 28' WHERE id = 1")
/// }
/// try stack.undo()   // the photo is named as before
/// try stack.redo()   // and renamed again
/// ```
///
/// Steps are read back from the change history
/// (``Database/enableChangeHistory(for:values:)`` with `values: true`):
/// the step is the range of history entries its transaction wrote, and its
/// inverse is replayed in SQL from the values stored there, so that every
/// value comes back exactly. Undo and redo are ordinary commits: observers
/// and live lists see them as any other write, and the history records
/// them as writes of this connection.
///
/// **Other writers.** Writes by other connections and processes (and by
/// this connection outside the stack) are never undone. When one of them
/// changed a row a step touches after the step, undoing the step would
/// either overwrite that change or restore a row on top of it, so
/// ``undo(_:)`` refuses with ``DatabaseUndoError/Code/conflict``, naming
/// the table and key of each such row; with
/// ``UndoOptions/applyingWhatStillApplies`` it restores the other rows and
/// reports those it left alone. Whether a row was changed is read from the
/// history, so a row changed and changed back still counts.
///
/// **While undoing**, the database's triggers and foreign key actions do
/// not run: what they did during the step was recorded (for recorded
/// tables) and is restored as it was, instead of being done a second time.
/// With `PRAGMA foreign_keys` on, undo checks that no row is left
/// referring to a missing one. Tables that are not recorded with values
/// (and `sqlite_sequence`) are left as they are.
///
/// **The stack is cleared** when the schema changes (the history's values
/// are read under the columns they were written with), and a step whose
/// history entries were pruned is dropped with the older ones.
public final class DatabaseUndoStack: DatabaseWriter {
    /// The queue or pool the stack writes through.
    public let writer: any DatabaseWriter
    let state = Mutex(UndoState())
    private let handlers = Mutex(ObserverRegistry<@Sendable () -> Void>())
    private let schemaObservation = Mutex<AnyDatabaseCancellable?>(nil)

    /// One undoable step: its action name and an identifier that stays the
    /// same while it moves between the undo and redo sides.
    public struct Step: Hashable, Sendable {
        /// Identifies the step while it lives.
        public let id: Int
        /// The name a menu shows after "Undo" or "Redo" (empty when the
        /// write was not named).
        public let actionName: String
    }

    /// A stack over `writer`, whose change history must be enabled (with
    /// values for the tables to undo).
    ///
    /// - Parameters:
    ///   - writer: The queue or pool to write through.
    ///   - levelsOfUndo: How many steps to keep; 0 (the default) keeps
    ///     any number.
    /// - Throws: ``ChangeHistoryError`` (``ChangeHistoryError/Code/notEnabled``)
    ///   when the database has no change history, or a ``DatabaseError``.
    public init(writer: any DatabaseWriter, levelsOfUndo: Int = 0) throws {
        self.writer = writer
        state.withLock { $0.levelsOfUndo = max(0, levelsOfUndo) }
        try writer.writeWithoutTransactionAndWait { db in
            let historyState = try db.changeHistoryState()
            let version = try Self.schemaVersion(db)
            try self.installReplaceRecorders(db, schemaVersion: version)
            state.withLock {
                $0.databaseID = historyState.databaseID
                $0.schemaVersion = version
            }
        }
        // Another connection's schema change clears the stack as soon as
        // the writer notices it.
        let observation = writer.observeChanges { [weak self] db, changes in
            guard let self, changes.schemaChanged, let version = try? Self.schemaVersion(db) else { return }
            self.clearIfSchemaChanged(version)
        }
        schemaObservation.withLock { $0 = observation }
    }

    deinit {
        schemaObservation.withLock { $0?.cancel() }
    }

    // MARK: - State

    /// The steps undo can take back, oldest first.
    public var undoSteps: [Step] { state.withLock { $0.undo.map(\.step) } }
    /// The steps redo can apply again, the next one last.
    public var redoSteps: [Step] { state.withLock { $0.redo.map(\.step) } }
    /// Whether there is a step to undo.
    public var canUndo: Bool { state.withLock { !$0.undo.isEmpty } }
    /// Whether there is a step to redo.
    public var canRedo: Bool { state.withLock { !$0.redo.isEmpty } }
    /// The action name of the step ``undo(_:)`` would undo, or an empty
    /// string (as `UndoManager`'s).
    public var undoActionName: String { state.withLock { $0.undo.last?.name ?? "" } }
    /// The action name of the step ``redo(_:)`` would redo, or an empty
    /// string.
    public var redoActionName: String { state.withLock { $0.redo.last?.name ?? "" } }

    /// How many steps the undo side keeps (0: any number). A new step, or
    /// a lower limit, drops the oldest steps beyond it.
    public var levelsOfUndo: Int {
        get { state.withLock { $0.levelsOfUndo } }
        set {
            state.withLock {
                $0.levelsOfUndo = max(0, newValue)
                $0.trim()
            }
            notify()
        }
    }

    /// Forgets every step (the database is not changed).
    public func removeAllSteps() {
        state.withLock {
            $0.clear()
            $0.clearedBecause = nil
        }
        notify()
    }

    /// Calls `handler` after every change of the stack: a step recorded,
    /// undone, redone or dropped, or the stack cleared. It runs on the
    /// thread that changed the stack (the writer's, for a write).
    ///
    /// - Returns: The observation; it stops when cancelled or deallocated.
    public func observeSteps(_ handler: @escaping @Sendable () -> Void) -> AnyDatabaseCancellable {
        let id = handlers.withLock { $0.add(handler) }
        return AnyDatabaseCancellable { [weak self] in
            _ = self?.handlers.withLock { $0.remove(id) }
        }
    }

    func notify() {
        for handler in handlers.withLock({ $0.observers }) { handler() }
    }

    static func schemaVersion(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "PRAGMA main.schema_version") ?? 0
    }

    /// Clears the stack when the schema is no longer the one its steps were
    /// recorded under.
    private func clearIfSchemaChanged(_ version: Int64) {
        let cleared = state.withLock { state -> Bool in
            guard state.schemaVersion != version else { return false }
            state.schemaVersion = version
            let hadSteps = !state.undo.isEmpty || !state.redo.isEmpty
            state.clear()
            if hadSteps { state.clearedBecause = "the schema changed since the steps were recorded, so the stack was cleared" }
            return hadSteps
        }
        if cleared { notify() }
    }

    // MARK: - DatabaseReader

    public var location: Database.Location { writer.location }

    public func readAndWait<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.readAndWait(body)
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.read(body)
    }

    public func interrupt() {
        writer.interrupt()
    }

    public func close() throws {
        schemaObservation.withLock { $0?.cancel() }
        try writer.close()
    }

    // MARK: - DatabaseWriter

    /// Writes in one transaction that becomes an undoable step without an
    /// action name (see ``undoGroupAndWait(name:_:)``).
    ///
    /// - Throws: What `body` throws, ``DatabaseUndoError/Code/notUndoable``
    ///   when it changed a table recorded without values (the transaction
    ///   is rolled back), or a ``DatabaseError``.
    @discardableResult
    public func writeAndWait<T>(_ body: (Database) throws -> T) throws -> T {
        try undoGroupAndWait(name: "", body)
    }

    /// Writes in one transaction that becomes an undoable step without an
    /// action name, without blocking a thread.
    ///
    /// - Throws: What `body` throws, ``DatabaseUndoError/Code/notUndoable``,
    ///   or a ``DatabaseError``.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await undoGroup(name: "", body)
    }

    /// Runs `body` on the writer outside of any transaction. Its changes
    /// are not undoable: the stack treats them as another writer's.
    ///
    /// - Throws: What `body` throws, or a ``DatabaseError``.
    @discardableResult
    public func writeWithoutTransactionAndWait<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransactionAndWait(body)
    }

    /// Runs `body` on the writer outside of any transaction, without
    /// blocking a thread. Its changes are not undoable.
    ///
    /// - Throws: What `body` throws, or a ``DatabaseError``.
    @discardableResult
    public func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.writeWithoutTransaction(body)
    }

    public func observeChanges(_ observer: @escaping @Sendable (Database, DatabaseChanges) -> Void) -> AnyDatabaseCancellable {
        writer.observeChanges(observer)
    }

    public func observeCommits(_ onCommit: @escaping @Sendable (Database) -> Void) -> AnyDatabaseCancellable {
        writer.observeCommits(onCommit)
    }
}

/// What a ``DatabaseUndoStack`` holds: its steps, and the history entries
/// its own commits wrote.
struct UndoState {
    struct Entry {
        let id: Int
        let name: String
        /// The history entries whose inverse undoes (or redoes) the step:
        /// those of the commit that last applied it.
        let entries: ClosedRange<Int64>

        var step: DatabaseUndoStack.Step { .init(id: id, actionName: name) }
    }

    var undo: [Entry] = []
    var redo: [Entry] = []
    /// The history entries of this stack's own commits (writes, undos,
    /// redos), oldest first: entries after a step outside of them are
    /// another writer's.
    var own: [ClosedRange<Int64>] = []
    var levelsOfUndo = 0
    var nextID = 1
    var databaseID: String?
    var schemaVersion: Int64?
    /// The schema version the `REPLACE` recorders were installed for.
    var recordersSchemaVersion: Int64?
    /// Why the steps were last dropped all at once, until the next step:
    /// an undo with nothing left to undo says so.
    var clearedBecause: String?

    /// The first history entry a step still needs: pruning on the writer
    /// connection keeps it and what follows.
    var oldestEntry: Int64? {
        (undo + redo).map(\.entries.lowerBound).min()
    }

    mutating func clear() {
        undo.removeAll()
        redo.removeAll()
        own.removeAll()
    }

    /// Drops the oldest undo steps beyond the limit, and the own entries
    /// no step can look past.
    mutating func trim() {
        if levelsOfUndo > 0, undo.count > levelsOfUndo { undo.removeFirst(undo.count - levelsOfUndo) }
        guard let oldest = oldestEntry else {
            own.removeAll()
            return
        }
        own.removeAll { $0.upperBound < oldest }
    }

    /// Drops the steps whose entries start before `boundary` (pruned).
    mutating func drop(before boundary: Int64) {
        undo.removeAll { $0.entries.lowerBound < boundary }
        redo.removeAll { $0.entries.lowerBound < boundary }
        trim()
    }
}
