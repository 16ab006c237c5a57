import Logging
import PostgresNIO

/// Queries that fail at once on a closed connection.
///
/// postgres-nio 1.33 writes a query to its channel without a promise, so a
/// query written after the connection closed (PostgreSQL restarted, or the
/// socket cut) is never answered and its caller waits forever; its own
/// `withTransaction` does just that with `ROLLBACK` after a failed query.
/// Every query of the server goes through these, which check the
/// connection first: a request then fails (the client retries) instead of
/// hanging, and a graceful shutdown is not kept waiting for it.
extension PostgresConnection {
    /// Runs `query`, or throws when the connection is closed.
    @discardableResult
    func checkedQuery(_ query: PostgresQuery, logger: Logger, file: String = #fileID, line: Int = #line) async throws -> PostgresRowSequence {
        guard !isClosed else { throw SyncServerError("the connection to PostgreSQL closed (\(file):\(line))") }
        return try await self.query(query, logger: logger, file: file, line: line)
    }

    /// Runs `COPY table (columns) FROM STDIN` in text format with the rows
    /// `writeRows` writes, or throws when the connection is closed.
    func checkedCopy(into table: String, columns: [String], logger: Logger, file: String = #fileID, line: Int = #line,
                     _ writeRows: (PostgresCopyFromWriter) async throws -> Void) async throws {
        guard !isClosed else { throw SyncServerError("the connection to PostgreSQL closed (\(file):\(line))") }
        try await copyFrom(table: table, columns: columns, logger: logger, file: file, line: line, writeData: writeRows)
    }
}

extension PostgresClient {
    /// Runs `query` on a leased connection, or throws when that connection
    /// is closed.
    @discardableResult
    func checkedQuery(_ query: PostgresQuery, logger: Logger, file: String = #fileID, line: Int = #line) async throws -> PostgresRowSequence {
        try await withConnection { connection in
            try await connection.checkedQuery(query, logger: logger, file: file, line: line)
        }
    }

    /// Runs `body` in a transaction on a leased connection: committed when
    /// it returns, rolled back when it throws, unless the connection
    /// closed meanwhile (PostgreSQL then rolled it back itself).
    func checkedTransaction<Result: Sendable>(logger: Logger, _ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await withConnection { connection in
            try await connection.checkedQuery("BEGIN", logger: logger)
            let result: Result
            do {
                result = try await body(connection)
            } catch {
                if !connection.isClosed { _ = try? await connection.checkedQuery("ROLLBACK", logger: logger) }
                throw error
            }
            try await connection.checkedQuery("COMMIT", logger: logger)
            return result
        }
    }
}
