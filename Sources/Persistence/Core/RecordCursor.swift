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
    private let statement: Statement
    private var row: Row
    private var isDone = false

    init(statement: Statement) {
        self.statement = statement
        self.row = Row(layout: statement.layout,
                       values: ContiguousArray(repeating: .null, count: statement.columnCount))
    }

    deinit {
        if !isDone { statement.reset() }
    }

    /// The next record, or nil at the end.
    ///
    /// - Throws: ``DatabaseError`` from SQLite, or the record's decoding
    ///   error with the query's SQL added to a ``RowDecodingError``.
    @inline(__always)
    public func next() throws -> Record? {
        if isDone { return nil }
        do {
            guard try statement.step() else {
                isDone = true
                return nil
            }
            // The row's storage is reused when the previous record kept no
            // reference to it (copy-on-write makes keeping it safe).
            statement.readRow(into: &row.values)
            return try Record(row: row)
        } catch var error as RowDecodingError {
            finish()
            error.sql = statement.sql
            throw error
        } catch {
            finish()
            throw error
        }
    }

    /// Stops the iteration and releases the statement.
    public func finish() {
        if !isDone {
            isDone = true
            statement.reset()
        }
    }

    /// Calls `body` for each remaining record.
    public func forEach(_ body: (Record) throws -> Void) throws {
        while let record = try next() { try body(record) }
    }

    /// The remaining records in an array.
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
