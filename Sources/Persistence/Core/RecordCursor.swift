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

    @usableFromInline
    init(statement: Statement) {
        self.stepper = RowStepper(statement: statement)
    }

    /// The next record, or nil at the end.
    ///
    /// - Throws: ``DatabaseError`` from SQLite, or the record's decoding
    ///   error with the query's SQL added to a ``RowDecodingError``.
    @inlinable
    public func next() throws -> Record? {
        guard let row = try stepper.next() else { return nil }
        do {
            return try Record(row: row)
        } catch {
            throw stepper.decodingFailed(error)
        }
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

/// Steps a statement and reads each row into one reused buffer: the
/// non-generic engine of cursors and fetches.
///
/// The row's storage is reused when the previous row handed out is no
/// longer referenced (records that keep it get a copy-on-write copy).
@usableFromInline
final class RowStepper {
    private let statement: Statement
    private var row: Row
    private var isDone = false

    @usableFromInline
    init(statement: Statement) {
        self.statement = statement
        self.row = Row(layout: statement.layout,
                       values: ContiguousArray(repeating: .null, count: statement.columnCount))
    }

    deinit {
        if !isDone { statement.reset() }
    }

    /// The next row, or nil at the end.
    ///
    /// - Throws: ``DatabaseError``; the statement is then reset.
    @usableFromInline
    func next() throws -> Row? {
        if isDone { return nil }
        do {
            guard try statement.step() else {
                isDone = true
                return nil
            }
        } catch {
            finish()
            throw error
        }
        statement.readRow(into: &row.values)
        return row
    }

    /// Resets the statement, once.
    @usableFromInline
    func finish() {
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
