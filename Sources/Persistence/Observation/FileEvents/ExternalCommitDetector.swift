import Dispatch
import Foundation

/// Notices commits by other connections on a database file while anyone
/// observes it: file events where the platform has them, polling at a
/// configured interval where it does not. Each event runs `check`, which
/// confirms a commit with `PRAGMA data_version`.
///
/// A writer can finish a commit well after its last file write (a WAL
/// commit syncs the file, then publishes itself in the shared-memory index,
/// which raises no file event), so an event whose check finds nothing is
/// checked again 0.25, 0.5, 1, 2 … 1024 ms after it (each delay the sum of
/// the ones before, so a commit is seen at most about twice as late as it
/// became visible). With nothing written, the detector never wakes.
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
    private var watcher: DatabaseFileWatcher?
    private var timer: DispatchSourceTimer?
    private var followUpGeneration = 0
    /// Microseconds between follow-up checks: 0.25, 0.5, 1, 2 … 1024 ms after the event.
    private static let followUpDelays: [Int] = [250, 250, 500] + (0..<11).map { 1000 << $0 }.dropLast(1)

    /// Starts detecting. Runs on `queue`; `check` returns whether it found
    /// a commit.
    init(path: String?, queue: DispatchQueue, pollInterval: Duration, check: @escaping () -> Bool) {
        self.queue = queue
        self.check = check
        var watcher: DatabaseFileWatcher?
        let box = WeakBox<ExternalCommitDetector>()
        if let path {
            watcher = makeDatabaseFileWatcher(path: path, queue: queue) { box.value?.fileDidChange() }
        }
        self.watcher = watcher
        self.mode = watcher == nil ? .polling : .fileEvents
        box.value = self
        if watcher == nil { startPolling(every: pollInterval) }
    }

    private func startPolling(every interval: Duration) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let nanoseconds = max(1_000_000, interval.components.seconds * 1_000_000_000
            + interval.components.attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(Int(nanoseconds)),
                       repeating: .nanoseconds(Int(nanoseconds)), leeway: .milliseconds(5))
        timer.setEventHandler { [weak self] in _ = self?.check() }
        self.timer = timer
        timer.resume()
    }

    private func fileDidChange() {
        followUpGeneration += 1
        if !check() { followUp(generation: followUpGeneration, step: 0) }
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
        timer?.cancel()
        timer = nil
    }

    deinit {
        // Cancelling a dispatch source is thread-safe; a source never
        // cancelled would keep its descriptor open.
        watcher?.cancel()
        timer?.cancel()
    }
}

/// A weak reference, to hand an object to a closure made before the
/// object's initializer finishes.
private final class WeakBox<Value: AnyObject>: @unchecked Sendable {
    // Safe: set once during the owner's initializer, before any event can
    // read it on the same queue.
    weak var value: Value?
}
