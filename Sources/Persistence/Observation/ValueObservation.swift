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
        let observer = ValueObserver(fetch: fetch, isDuplicate: isDuplicate,
                                     onValue: { continuation.yield($0) },
                                     onFailure: { continuation.finish(throwing: $0) })
        let writer = self.writer
        DispatchQueue.global().async { observer.start(on: writer) }
        continuation.onTermination = { _ in observer.stop() }
        return AsyncIterator(base: stream.makeAsyncIterator())
    }

    /// Delivers the values to closures on the main actor, for UI code that
    /// updates views from them (GRDB's `start(in:scheduling:onError:onChange:)`).
    ///
    /// ```swift
    /// let token = dbQueue.observe { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0 }
    ///     .start(scheduling: .immediate) { count in label.text = "\(count) photos" }
    /// ```
    ///
    /// - Parameters:
    ///   - scheduling: ``ValueObservationScheduling/immediate`` fetches the
    ///     first value on the calling thread and calls `onChange` with it
    ///     before returning (the view never shows an empty state);
    ///     ``ValueObservationScheduling/async`` (the default) fetches it off
    ///     the main thread and delivers it later, like every other value.
    ///   - onError: Called once if a fetch fails; the observation stops.
    ///   - onChange: Called with each value, in order, on the main actor.
    /// - Returns: A token: the observation lasts until it is cancelled or
    ///   released.
    @MainActor
    public func start(scheduling: ValueObservationScheduling = .async,
                      onError: @escaping @MainActor (any Error) -> Void = { _ in },
                      onChange: @escaping @MainActor (Value) -> Void) -> AnyDatabaseCancellable {
        // Values already on their way to the main queue are dropped once
        // the token is cancelled there.
        let gate = MainActorDelivery()
        let observer = ValueObserver(
            fetch: fetch, isDuplicate: isDuplicate,
            onValue: { value in gate.run { onChange(value) } },
            onFailure: { error in gate.run { onError(error) } })
        let writer = self.writer
        switch scheduling {
        case .immediate:
            if let first = observer.start(on: writer, returningFirstValue: true) { onChange(first) }
        case .async:
            DispatchQueue.global().async { observer.start(on: writer) }
        }
        return AnyDatabaseCancellable {
            gate.close()
            observer.stop()
        }
    }
}

/// When an observation started with
/// ``ValueObservation/start(scheduling:onError:onChange:)`` delivers its
/// first value.
public enum ValueObservationScheduling: Sendable, Hashable {
    /// Later, on the main actor, like every other value.
    case async
    /// At once: `start` fetches the first value on the calling thread and
    /// hands it to `onChange` before it returns.
    case immediate
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
final class ValueObserver<Value: Sendable>: ObservationReducer, @unchecked Sendable {
    // Safe: `state` is only touched while its lock is held; the rest is
    // immutable.
    private struct State {
        var region = DatabaseRegion()
        var last: Value?
        var observation: AnyDatabaseCancellable?
        var isStopped = false
    }

    private let state = Mutex(State())
    private let fetch: @Sendable (Database) throws -> Value
    private let isDuplicate: (@Sendable (Value, Value) -> Bool)?
    private let onValue: @Sendable (Value) -> Void
    private let onFailure: @Sendable (any Error) -> Void

    /// An observer that hands values and its failure to the closures.
    init(fetch: @escaping @Sendable (Database) throws -> Value, isDuplicate: (@Sendable (Value, Value) -> Bool)?,
         onValue: @escaping @Sendable (Value) -> Void, onFailure: @escaping @Sendable (any Error) -> Void) {
        self.fetch = fetch
        self.isDuplicate = isDuplicate
        self.onValue = onValue
        self.onFailure = onFailure
    }

    /// Fetches the first value and starts observing, in one step on the
    /// writer's queue, so no commit falls between them.
    ///
    /// - Parameter returningFirstValue: Whether the first value is returned
    ///   instead of handed to `onValue`.
    /// - Returns: The first value, when asked for and fetched.
    @discardableResult
    func start(on writer: any DatabaseWriter, returningFirstValue: Bool = false) -> Value? {
        var firstValue: Value?
        do {
            return try writer.fetchThenObserve({ db -> ValueObserver<Value> in
                guard !state.withLock({ $0.isStopped }) else { throw Stopped() }
                firstValue = try refresh(db, force: true, deliver: !returningFirstValue)
                return self
            }, finish: { _, _, observation in
                let stopped = state.withLock { state in
                    state.observation = observation
                    return state.isStopped
                }
                if stopped { observation.cancel() }
                return returningFirstValue ? firstValue : nil
            })
        } catch is Stopped {
            return nil
        } catch {
            onFailure(error)
            return nil
        }
    }

    /// Stopped before the first fetch: nothing to start.
    private struct Stopped: Error {}

    /// Refreshes the value after a commit that may change what it read.
    func reduce(_ changes: DatabaseChanges, _ db: Database) {
        if let replacement = changes.fileReplacement {
            stop()
            onFailure(replacement)
            return
        }
        let region = state.withLock { $0.region }
        guard changes.mayAffect(region) else { return }
        do {
            try refresh(db, force: false, deliver: true)
        } catch {
            stop()
            onFailure(error)
        }
    }

    /// Fetches the value and the region it read; hands it on unless it
    /// repeats the last one (or `deliver` is false).
    ///
    /// - Returns: The value fetched.
    @discardableResult
    private func refresh(_ db: Database, force: Bool, deliver: Bool) throws -> Value {
        let (value, region) = try db.recordingRegion { try fetch(db) }
        let isNew = state.withLock { state -> Bool in
            state.region = region
            defer { state.last = value }
            guard !force, let last = state.last, let isDuplicate else { return true }
            return !isDuplicate(last, value)
        }
        if isNew, deliver, !state.withLock({ $0.isStopped }) { onValue(value) }
        return value
    }

    func stop() {
        let observation = state.withLock { state -> AnyDatabaseCancellable? in
            state.isStopped = true
            defer { state.observation = nil }
            return state.observation
        }
        observation?.cancel()
    }
}
