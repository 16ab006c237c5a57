import CSQLite
import Foundation

/// Collects the row changes of the current transaction through SQLite's
/// update, commit and rollback hooks, and hands them to observers once the
/// transaction has committed.
///
/// SQLite calls the commit hook *before* the commit is durable, and a commit
/// can still fail after it (a busy or I/O error on `COMMIT`). The tracker
/// therefore only delivers when the statement that committed has finished
/// and the connection is back in autocommit mode.
///
/// A tracker belongs to one connection and runs on the thread that uses it
/// (SQLite calls its hooks there, inside the statement that changed rows),
/// so no two accesses to its state ever overlap: its properties are marked
/// `@exclusivity(unchecked)`, which saves two dynamic exclusivity checks per
/// statement (a tenth of a `@Table` insert's cost over the raw C loop).
final class ChangeTracker {
    /// The changes of the current transaction so far. A savepoint rolled
    /// back restores the value it had when the savepoint began.
    @exclusivity(unchecked) var pending = DatabaseChanges()
    @exclusivity(unchecked) private var commitRequested = false
    @exclusivity(unchecked) private var observers = ObserverRegistry<TransactionObserver>()
    /// How many registered observers need the changed rows.
    @exclusivity(unchecked) private var rowObserverCount = 0

    struct TransactionObserver {
        var didCommit: (Database, DatabaseChanges) -> Void
        var didRollback: (Database) -> Void
        /// Whether it needs the rows each commit changed. An observer that
        /// does not only hears *that* a transaction committed or rolled
        /// back: the changes it receives name no rows (at most a schema
        /// change), and while no observer needs rows the update hook is
        /// not installed, so that changing a row costs nothing more.
        var needsRowChanges = true
    }

    /// The tables of the last update hook calls, so that changes to a few
    /// tables in turn (a table and its history, every row) build each
    /// Swift name once.
    @exclusivity(unchecked) private var tableNames = UpdateHookTableNames()

    /// Installs the commit and rollback hooks. The update hook, which costs
    /// something on every changed row, is only installed while an observer
    /// that needs rows is registered (``addObserver(_:on:)``).
    func install(on database: Database) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let handle = database.sqliteConnection
        sqlite3_commit_hook(handle, { context in
            guard let context else { return 0 }
            Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue().commitRequested = true
            return 0
        }, context)
        sqlite3_rollback_hook(handle, { context in
            guard let context else { return }
            Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue().didRollback()
        }, context)
    }

    private func installUpdateHook(_ handle: OpaquePointer?) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_update_hook(handle, { context, operation, _, table, rowID in
            guard let context, let table else { return }
            Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue()
                .record(operation: operation, table: table, rowID: rowID)
        }, context)
    }

    func uninstall(from handle: OpaquePointer?) {
        guard let handle else { return }
        sqlite3_update_hook(handle, nil, nil)
        sqlite3_commit_hook(handle, nil, nil)
        sqlite3_rollback_hook(handle, nil, nil)
    }

    private func record(operation: Int32, table: UnsafePointer<CChar>, rowID: Int64) {
        let name = tableNames.key(of: table)
        switch operation {
        case SQLITE_INSERT: pending.tables[name, default: TableChanges()].recordInsert(rowID)
        case SQLITE_UPDATE: pending.tables[name, default: TableChanges()].recordUpdate(rowID)
        case SQLITE_DELETE: pending.tables[name, default: TableChanges()].recordDelete(rowID)
        default: break
        }
    }

    @exclusivity(unchecked) private var needsRollbackDelivery = false

    private func didRollback() {
        pending = DatabaseChanges()
        commitRequested = false
        needsRollbackDelivery = true
    }

    /// Whether observers are being told of a commit or rollback: the
    /// statements they run then finish here too, and must not start
    /// another delivery. (When the disk fails, the read an observer starts
    /// after a rollback fails and rolls back in turn: without this, that
    /// recursed until the stack overflowed.)
    @exclusivity(unchecked) private var isDelivering = false

    /// Called after each statement finishes, successfully or not.
    ///
    /// - Throws: When the statement succeeded but an internal query after
    ///   it failed and SQLite rolled back its transaction: the statement's
    ///   work is gone, and so must the caller's go.
    func statementDidFinish(_ statement: Statement, in database: Database, failed: Bool = false) throws {
        let wasInsideTransaction = database.isInsideTransaction
        if !failed, statement.isSchemaChange || !statement.writtenTables.isEmpty {
            recordUntrackedChanges(of: statement, in: database)
        }
        defer { lostTransaction = nil }
        if wasInsideTransaction, let lostTransaction {
            deliverPending(database)
            guard let cause = lostTransaction as? DatabaseError else { throw lostTransaction }
            throw DatabaseError(resultCode: cause.extendedResultCode,
                                message: "\(cause.message) (reading the schema after the statement; SQLite rolled back the transaction)",
                                sql: statement.sql)
        }
        deliverPending(database)
    }

    /// Tells the observers of a pending rollback or commit.
    private func deliverPending(_ database: Database) {
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        if needsRollbackDelivery {
            needsRollbackDelivery = false
            for observer in observers.observers { observer.didRollback(database) }
        }
        guard commitRequested else { return }
        commitRequested = false
        guard !database.isInsideTransaction else { return } // the commit failed; changes stay pending
        let changes = pending
        pending = DatabaseChanges()
        for observer in observers.observers { observer.didCommit(database, changes) }
    }

    /// Notes the changes the update hook cannot describe: schema changes,
    /// `WITHOUT ROWID` tables, rows deleted by `REPLACE`.
    private func recordUntrackedChanges(of statement: Statement, in database: Database) {
        if statement.isSchemaChange {
            pending.schemaChanged = true
            database.schemaDidChange()
        }
        guard needsRowChanges else { return }
        if statement.mayReplaceRows {
            pending.tablesWithUntrackedChanges.formUnion(statement.writtenTables)
        }
        for table in statement.writtenTables {
            do {
                if try !database.tableIsRowIDTracked(table) { pending.tablesWithUntrackedChanges.insert(table) }
            } catch {
                // Unknown: followed as untracked. When SQLite rolled the
                // transaction back for it (out of memory, an I/O error),
                // the statement that wrote must fail: the rest of the
                // transaction would otherwise run, and commit, on its own.
                pending.tablesWithUntrackedChanges.insert(table)
                if !database.isInsideTransaction { lostTransaction = error }
            }
        }
    }

    /// The error of an internal query after which SQLite rolled back the
    /// transaction of the statement that just finished (see
    /// ``statementDidFinish(_:in:failed:)``).
    @exclusivity(unchecked) private var lostTransaction: (any Error)?

    /// Registers an observer. Changes are collected from then on: an
    /// observer added in the middle of a transaction only hears of the rows
    /// changed after it was added.
    func addObserver(_ observer: TransactionObserver, on handle: OpaquePointer?) -> UInt64 {
        if observer.needsRowChanges { countRowObserver(+1, on: handle) }
        return observers.add(observer)
    }

    func removeObserver(_ id: UInt64, on handle: OpaquePointer?) {
        guard let observer = observers.remove(id) else { return }
        if observer.needsRowChanges { countRowObserver(-1, on: handle) }
    }

    /// Tells whether a registered observer needs rows from now on: the
    /// update hook comes and goes with the first and last one that does.
    func setNeedsRowChanges(_ needsRowChanges: Bool, forObserver id: UInt64, on handle: OpaquePointer?) {
        guard var observer = observers[id: id], observer.needsRowChanges != needsRowChanges else { return }
        observer.needsRowChanges = needsRowChanges
        observers.replace(id, with: observer)
        countRowObserver(needsRowChanges ? +1 : -1, on: handle)
    }

    /// Installs the update hook for the first observer that needs rows, and
    /// removes it, with the rows collected so far, after the last one.
    private func countRowObserver(_ delta: Int, on handle: OpaquePointer?) {
        let wasNeeded = needsRowChanges
        rowObserverCount += delta
        if needsRowChanges, !wasNeeded {
            installUpdateHook(handle)
        } else if !needsRowChanges, wasNeeded, let handle {
            sqlite3_update_hook(handle, nil, nil)
            pending.tables.removeAll()
        }
    }

    /// Whether an observer that needs the changed rows is registered, and
    /// so whether the update hook is installed.
    package var needsRowChanges: Bool { rowObserverCount > 0 }

    var hasObservers: Bool { !observers.isEmpty }
}

extension Database {
    /// Calls `didCommit` after each transaction of this connection commits,
    /// with the rows it changed, and `didRollback` after each rollback.
    ///
    /// The closures run on the connection's thread, right after the commit,
    /// while no other statement of this connection runs: reading `db` there
    /// sees exactly the committed state. Changes of a rolled-back
    /// transaction are dropped, never delivered.
    ///
    /// - Returns: A token for ``removeTransactionObserver(_:)``.
    @discardableResult
    public func addTransactionObserver(
        didCommit: @escaping (Database, DatabaseChanges) -> Void,
        didRollback: @escaping (Database) -> Void = { _ in }
    ) -> TransactionObserverToken {
        addTransactionObserver(needsRowChanges: true, didCommit: didCommit, didRollback: didRollback)
    }

    /// Registers a transaction observer that may not need the changed rows:
    /// while none registered does, changing a row costs nothing more (no
    /// update hook) and the changes delivered name no rows.
    func addTransactionObserver(
        needsRowChanges: Bool,
        didCommit: @escaping (Database, DatabaseChanges) -> Void,
        didRollback: @escaping (Database) -> Void
    ) -> TransactionObserverToken {
        let observer = ChangeTracker.TransactionObserver(didCommit: didCommit, didRollback: didRollback, needsRowChanges: needsRowChanges)
        return TransactionObserverToken(id: changeTracker.addObserver(observer, on: sqliteConnection))
    }

    /// Tells whether a transaction observer needs the changed rows from
    /// now on (see ``addTransactionObserver(needsRowChanges:didCommit:didRollback:)``).
    func setTransactionObserver(_ token: TransactionObserverToken, needsRowChanges: Bool) {
        changeTracker.setNeedsRowChanges(needsRowChanges, forObserver: token.id, on: sqliteConnection)
    }

    /// Stops a transaction observer.
    public func removeTransactionObserver(_ token: TransactionObserverToken) {
        changeTracker.removeObserver(token.id, on: sqliteConnection)
    }
}

/// Identifies a transaction observer of one connection.
public struct TransactionObserverToken: Hashable, Sendable {
    let id: UInt64
}
