import Dispatch
import Foundation

/// Notices commits by other connections on a database file while anyone
/// observes it: file events where the platform has them, polling at a
/// configured interval where it does not. Each event runs `check`, which
/// confirms a commit with `PRAGMA data_version`.
///
/// A writer can finish a commit well after its last file write (a WAL
/// commit syncs the file, then publishes itself in the shared-memory index,
/// which raises no file event), so an event is checked again 0.25, 0.5,
/// 1, 2 … 1024 ms after it until a check finds a commit (each delay the sum
/// of the ones before, so a commit is seen at most about twice as late as
/// it became visible). The check the event runs at once does not end
/// this: the events of several commits in quick succession come as one,
/// and when the one check finds the commits before the last, the last one
/// may still be on its way, with no event left to announce it. Apart from the idle tick (``Database/Configuration/fileReplacementCheckInterval``),
/// which runs `tick` to compare the database's path with the file opened
/// (one `stat`), nothing wakes the detector while nothing is written.
final class ExternalCommitDetector: @unchecked Sendable {
    // Safe: created and used only on `queue` (the writer's), including by
    // the event, timer and follow-up handlers, which all run there.
    /// How commits by other connections are noticed.
    enum Mode: Equatable {
        /// File events confirmed by `PRAGMA data_version`.
        case fileEvents
        /// `PRAGMA data_version` at a fixed interval (no file events).
        case polling
    }

    let mode: Mode
    private let queue: DispatchQueue
    private let check: () -> Bool
    private let tick: () -> Void
    private var watcher: DatabaseFileWatcher?
    /// The watcher of the path the database was opened by, when it is a
    /// symbolic link elsewhere (pointing it at another file is an event).
    private var linkWatcher: DatabaseFileWatcher?
    private var timer: DispatchSourceTimer?
    private var idleTimer: DispatchSourceTimer?
    private var followUpGeneration = 0
    /// Microseconds between follow-up checks: 0.25, 0.5, 1, 2 … 1024 ms after the event.
    private static let followUpDelays: [Int] = [250, 250, 500] + (0..<11).map { 1000 << $0 }.dropLast(1)

    /// Starts detecting. Runs on `queue`; `check` returns whether it found
    /// a commit (or reported the file replaced); `tick` runs at every idle
    /// tick.
    ///
    /// - Parameters:
    ///   - path: The database's file as SQLite resolved it, nil for polling.
    ///   - linkPath: The path the database was opened by, when it differs
    ///     (a symbolic link): its directory is watched too.
    init(path: String?, linkPath: String? = nil, queue: DispatchQueue, pollInterval: Duration,
         idleInterval: Duration?, check: @escaping () -> Bool, tick: @escaping () -> Void = {}) {
        self.queue = queue
        self.check = check
        self.tick = tick
        var watcher: DatabaseFileWatcher?
        let box = WeakBox<ExternalCommitDetector>()
        if let path {
            watcher = makeDatabaseFileWatcher(path: path, queue: queue) { box.value?.fileDidChange() }
            if let linkPath, linkPath != path {
                linkWatcher = makeDatabaseFileWatcher(path: linkPath, queue: queue) { box.value?.fileDidChange() }
            }
        }
        self.watcher = watcher
        self.mode = watcher == nil ? .polling : .fileEvents
        box.value = self
        if watcher == nil { timer = Self.repeatingTimer(every: pollInterval, on: queue) { [weak self] in _ = self?.check() } }
        if let idleInterval {
            // A tenth of the interval's leeway lets the system fold the
            // tick into other wake-ups.
            idleTimer = Self.repeatingTimer(every: idleInterval, leeway: idleInterval / 10, on: queue) { [weak self] in self?.tick() }
        }
    }

    private static func repeatingTimer(every interval: Duration, leeway: Duration = .milliseconds(5), on queue: DispatchQueue,
                                       _ handler: @escaping () -> Void) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let nanoseconds = max(1_000_000, Int(interval.nanoseconds))
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds),
                       repeating: .nanoseconds(nanoseconds), leeway: .nanoseconds(Int(leeway.nanoseconds)))
        timer.setEventHandler(handler: handler)
        timer.resume()
        return timer
    }

    private func fileDidChange() {
        followUpGeneration += 1
        // Found or not, the event's last commit may be yet to come.
        _ = check()
        followUp(generation: followUpGeneration, step: 0)
    }

    private func followUp(generation: Int, step: Int) {
        guard step < Self.followUpDelays.count else { return }
        queue.asyncAfter(deadline: .now() + .microseconds(Self.followUpDelays[step])) { [weak self] in
            guard let self, self.followUpGeneration == generation, self.watcher != nil else { return }
            if !self.check() { self.followUp(generation: generation, step: step + 1) }
        }
    }

    /// Stops every event, timer and follow-up, and closes the watched
    /// descriptors. Called on the queue.
    func cancel() {
        followUpGeneration += 1
        watcher?.cancel()
        watcher = nil
        linkWatcher?.cancel()
        linkWatcher = nil
        timer?.cancel()
        timer = nil
        idleTimer?.cancel()
        idleTimer = nil
    }

    deinit {
        // Cancelling a dispatch source is thread-safe; a source never
        // cancelled would keep its descriptor open.
        watcher?.cancel()
        linkWatcher?.cancel()
        timer?.cancel()
        idleTimer?.cancel()
    }
}

/// A weak reference, to hand an object to a closure made before the
/// object's initializer finishes.
private final class WeakBox<Value: AnyObject>: @unchecked Sendable {
    // Safe: set once during the owner's initializer, before any event can
    // read it on the same queue.
    weak var value: Value?
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
