/// Iterates over the records of a query one row at a time, without
/// materializing the whole result.
///
/// ```swift
/// let cursor = try Photo.fetchCursor(db, sql: "SELECT * FROM photo")
/// while let photo = try cursor.next() {
///     print(photo.name)
/// }
/// ```
///
/// A cursor is only valid inside the database access that made it.
public final class RecordCursor<Record: FetchableRecord> {
    @usableFromInline let stepper: RowStepper
    /// The view of the current row each `init(row:)` borrows, as a fetch
    /// loop lends its own (see ``LentRowView``): no retain and no release
    /// per row; replaced when a record keeps it.
    @usableFromInline @exclusivity(unchecked) var lent: LentRowView

    @usableFromInline
    init(statement: Statement) {
        self.stepper = RowStepper(statement: statement)
        self.lent = stepper.makeLentView()
    }

    /// The next record, or nil at the end.
    ///
    /// - Throws: ``DatabaseError`` from SQLite, or the record's decoding
    ///   error with the query's SQL added to a ``RowDecodingError``.
    @inlinable
    public func next() throws -> Record? {
        guard try stepper.step() else { return nil }
        return try stepper.decodeRecord(Record.self, lending: &lent)
    }

    /// Stops the iteration and releases the statement.
    public func finish() {
        stepper.finish()
    }

    /// Calls `body` for each remaining record.
    @inlinable
    public func forEach(_ body: (Record) throws -> Void) throws {
        while let record = try next() { try body(record) }
    }

    /// The remaining records in an array.
    @inlinable
    public func collect() throws -> [Record] {
        var result: [Record] = []
        while let record = try next() { result.append(record) }
        return result
    }
}

@available(*, unavailable, message: "A cursor belongs to one connection and one thread")
extension RecordCursor: Sendable {}

/// A cursor of raw rows.
public typealias RowCursor = RecordCursor<Row>

/// Steps a statement and lends each row to the code that decodes it: the
/// non-generic engine of cursors and fetches.
///
/// The lent row reads its values straight from the statement (see
/// ``RowStorage``). After each decoding the stepper checks whether the
/// row was kept; a kept row gets a copy of its values before the statement
/// moves on.
@usableFromInline
final class RowStepper {
    private let statement: Statement
    /// The result columns, read again after the first step: a statement
    /// kept in the cache is re-prepared on that step when the schema
    /// changed meanwhile (another connection added a column, a rolled-back
    /// transaction restored a dropped table), and may then have others.
    @usableFromInline @exclusivity(unchecked) private(set) var layout: RowLayout
    @usableFromInline @exclusivity(unchecked) var storage: RowStorage?
    /// Whether the first step changed the layout, so that views lent
    /// before it must be lent anew.
    @usableFromInline @exclusivity(unchecked) var layoutChangedOnFirstStep = false
    @exclusivity(unchecked) private var isDone = false
    @exclusivity(unchecked) private var hasStepped = false
    /// The statement's re-preparation count when `layout` was read.
    @exclusivity(unchecked) private var preparation: Int32

    @usableFromInline
    init(statement: Statement) {
        self.statement = statement
        (layout, preparation) = statement.layoutAndPreparation
    }

    deinit {
        finish()
    }

    /// Advances to the next row.
    ///
    /// - Returns: false at the end.
    /// - Throws: ``DatabaseError``; the statement is then reset.
    @usableFromInline
    func step() throws -> Bool {
        if isDone { return false }
        do {
            if try statement.step() {
                if !hasStepped { readLayoutAfterFirstStep() }
                return true
            }
            isDone = true
            return false
        } catch {
            finish()
            throw error
        }
    }

    private func readLayoutAfterFirstStep() {
        hasStepped = true
        guard statement.preparation != preparation else { return }
        let current = statement.layout
        guard current.columns != layout.columns else { return }
        layout = current
        layoutChangedOnFirstStep = true
    }

    /// Decodes a record from the current row, then copies the row if the
    /// record kept it.
    ///
    /// - Throws: What `init(row:)` throws, with the SQL added to a
    ///   ``RowDecodingError``; the statement is then reset.
    @inlinable
    func decodeCurrentRecord<Record: FetchableRecord>(_ type: Record.Type) throws -> Record {
        // The record's initializer is called directly, not through a
        // closure: the row then goes to it without one more retain.
        do {
            let record = try Record(row: RowView(currentRow()))
            rowWasUsed()
            return record
        } catch {
            throw decodingFailed(error)
        }
    }

    /// Decodes a record from the current row through the view the
    /// caller's loop lends; copies the row and lends a new view when the
    /// record kept it.
    ///
    /// - Throws: What `init(row:)` throws, with the SQL added to a
    ///   ``RowDecodingError``; the statement is then reset.
    @inlinable @inline(__always)
    func decodeRecord<Record: FetchableRecord>(_ type: Record.Type, lending lent: inout LentRowView) throws -> Record {
        if layoutChangedOnFirstStep {
            layoutChangedOnFirstStep = false
            lent = makeLentView()
        }
        do {
            let record = try Record(row: lent.view)
            lendAnewIfKept(&lent)
            return record
        } catch {
            // Before the statement is reset: a kept row copies its values.
            lendAnewIfKept(&lent)
            throw decodingFailed(error)
        }
    }

    /// A view of the statement's current row, for a caller's loop to lend.
    @usableFromInline
    func makeLentView() -> LentRowView {
        LentRowView(RowStorage(layout: layout, statement: statement.handle!))
    }

    /// When the last record kept the lent row, copies its values (so that
    /// it survives the next step) and lends a new view.
    @inlinable @inline(__always)
    func lendAnewIfKept(_ lent: inout LentRowView) {
        if !isKnownUniquelyReferenced(&lent.view.row.storage) { lent = replaceKept(lent) }
    }

    @usableFromInline
    func replaceKept(_ kept: LentRowView) -> LentRowView {
        kept.view.row.storage.materialize()
        return makeLentView()
    }

    /// Hands the current row to `decode`, then copies the row if `decode`
    /// kept it.
    ///
    /// - Throws: What `decode` throws, with the SQL added to a
    ///   ``RowDecodingError``; the statement is then reset.
    @inlinable
    func decodeCurrentRow<T>(_ decode: (Row) throws -> T) throws -> T {
        do {
            let value = try decode(currentRow())
            rowWasUsed()
            return value
        } catch {
            throw decodingFailed(error)
        }
    }

    /// The current row, lent.
    @inlinable @inline(__always)
    func currentRow() -> Row {
        if let storage { return Row(storage: storage) }
        return makeLentRow()
    }

    /// The first lent row, or the one after a row was kept.
    @usableFromInline
    func makeLentRow() -> Row {
        let lent = RowStorage(layout: layout, statement: statement.handle!)
        storage = lent
        return Row(storage: lent)
    }

    /// Copies the lent row when it was kept, so that it survives the next
    /// step.
    @inlinable @inline(__always)
    func rowWasUsed() {
        if storage != nil, !isKnownUniquelyReferenced(&storage) {
            rowWasKept()
        }
    }

    @usableFromInline
    func rowWasKept() {
        storage?.materialize()
        storage = nil
    }

    /// Resets the statement, once.
    @usableFromInline
    func finish() {
        rowWasUsed()
        if !isDone {
            isDone = true
            statement.reset()
        }
    }

    /// Stops after a record failed to decode, adding the SQL to a
    /// ``RowDecodingError``.
    @usableFromInline
    func decodingFailed(_ error: any Error) -> any Error {
        finish()
        guard var decodingError = error as? RowDecodingError else { return error }
        decodingError.sql = statement.sql
        return decodingError
    }
}

/// The row a fetch loop lends to each `init(row:)`, made once: passing
/// the loop's own view to an `init(row:)` that borrows it costs no retain
/// and no release per row. The loop checks after each call whether the
/// record kept the row (the storage is then no longer uniquely
/// referenced), and lends a new one.
@usableFromInline
struct LentRowView {
    @usableFromInline var view: RowView

    @inlinable
    init(_ storage: RowStorage) {
        view = RowView(Row(storage: storage))
    }
}
