import Foundation

/// Any value read from a database, as an asynchronous sequence: the first
/// value, then a new one after each commit — of this process or another —
/// that can change what the fetch read (GRDB's `ValueObservation`).
///
/// ```swift
/// for try await count in dbQueue.observe({ db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0 }) {
///     print(count, "photos")
/// }
/// ```
///
/// The fetch runs on the writer's connection, right after the commit, and
/// records the tables and columns its statements read: only commits that
/// touch them run it again. Values equal to the last one are not repeated
/// when `Value` is `Equatable`. A consumer that falls behind gets the
/// newest value, not a queue of stale ones. All observations of a database
/// share its one change detector.
public struct ValueObservation<Value: Sendable>: AsyncSequence, Sendable {
    /// One value.
    public typealias Element = Value

    let writer: any DatabaseWriter
    let fetch: @Sendable (Database) throws -> Value
    let isDuplicate: (@Sendable (Value, Value) -> Bool)?

    /// Iterates over values.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Value, any Error>.AsyncIterator

        /// The next value; nil once iteration ends.
        ///
        /// - Throws: What the fetch threw, which ends the observation.
        public mutating func next() async throws -> Value? {
            try await base.next()
        }
    }

    /// Starts observing: the first value is fetched at once, off the
    /// calling thread.
    public func makeAsyncIterator() -> AsyncIterator {
        let (stream, continuation) = AsyncThrowingStream<Value, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let observer = ValueObserver(fetch: fetch, isDuplicate: isDuplicate, continuation: continuation)
        let writer = self.writer
        DispatchQueue.global().async { observer.start(on: writer) }
        continuation.onTermination = { _ in observer.stop() }
        return AsyncIterator(base: stream.makeAsyncIterator())
    }
}

extension DatabaseWriter {
    /// The values `fetch` reads, after every commit that can change them.
    ///
    /// ```swift
    /// let counts = dbQueue.observe { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0 }
    /// ```
    ///
    /// - Parameter fetch: Reads the value; it runs on the writer's
    ///   connection, once at the start and after each relevant commit.
    /// - Returns: An asynchronous sequence of values; see
    ///   ``ValueObservation``.
    public func observe<Value: Sendable>(_ fetch: @escaping @Sendable (Database) throws -> Value) -> ValueObservation<Value> {
        ValueObservation(writer: self, fetch: fetch, isDuplicate: nil)
    }

    /// The values `fetch` reads, after every commit that can change them,
    /// without repeating a value equal to the last one.
    ///
    /// - Parameter fetch: Reads the value.
    /// - Returns: An asynchronous sequence of distinct consecutive values.
    public func observe<Value: Sendable & Equatable>(_ fetch: @escaping @Sendable (Database) throws -> Value) -> ValueObservation<Value> {
        ValueObservation(writer: self, fetch: fetch, isDuplicate: { $0 == $1 })
    }
}

/// The running side of one iteration of a ``ValueObservation``.
final class ValueObserver<Value: Sendable>: @unchecked Sendable {
    // Safe: `state` is only touched while its lock is held; the rest is
    // immutable.
    private struct State {
        var region = DatabaseRegion()
        var last: Value?
        var observation: DatabaseChangeObservation?
        var isStopped = false
    }

    private let state = Mutex(State())
    private let fetch: @Sendable (Database) throws -> Value
    private let isDuplicate: (@Sendable (Value, Value) -> Bool)?
    private let continuation: AsyncThrowingStream<Value, any Error>.Continuation

    init(fetch: @escaping @Sendable (Database) throws -> Value, isDuplicate: (@Sendable (Value, Value) -> Bool)?,
         continuation: AsyncThrowingStream<Value, any Error>.Continuation) {
        self.fetch = fetch
        self.isDuplicate = isDuplicate
        self.continuation = continuation
    }

    /// Fetches the first value and starts observing, in one step on the
    /// writer's queue, so no commit falls between them.
    func start(on writer: any DatabaseWriter) {
        do {
            try writer.writeWithoutTransactionAndWait { db in
                guard !state.withLock({ $0.isStopped }) else { return }
                try refresh(db, force: true)
                let observation = writer.observeChanges { [weak self] db, changes in self?.process(changes, db) }
                let stopped = state.withLock { state in
                    state.observation = observation
                    return state.isStopped
                }
                if stopped { observation.cancel() }
            }
        } catch {
            continuation.finish(throwing: error)
        }
    }

    private func process(_ changes: DatabaseChanges, _ db: Database) {
        let region = state.withLock { $0.region }
        guard changes.mayAffect(region) else { return }
        do {
            try refresh(db, force: false)
        } catch {
            stop()
            continuation.finish(throwing: error)
        }
    }

    /// Fetches the value and the region it read; yields it unless it
    /// repeats the last one.
    private func refresh(_ db: Database, force: Bool) throws {
        let (value, region) = try db.recordingRegion { try fetch(db) }
        let isNew = state.withLock { state -> Bool in
            state.region = region
            defer { state.last = value }
            guard !force, let last = state.last, let isDuplicate else { return true }
            return !isDuplicate(last, value)
        }
        if isNew { continuation.yield(value) }
    }

    func stop() {
        let observation = state.withLock { state -> DatabaseChangeObservation? in
            state.isStopped = true
            defer { state.observation = nil }
            return state.observation
        }
        observation?.cancel()
    }
}
