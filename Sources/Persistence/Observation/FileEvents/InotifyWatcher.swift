#if os(Linux)
import Dispatch
import Foundation
import Glibc

/// Linux file events: a watch of the database's directory on the
/// process's one inotify descriptor (``InotifyHub``), filtered to the
/// database's own files; the handler runs on the watcher's queue.
///
/// One descriptor for the whole process, however many databases it
/// observes: Linux allows each user 128 inotify instances by default, so
/// one per observed database would run out (and fall back to polling) in a
/// process that observes many.
final class InotifyWatcher: DatabaseFileWatcher {
    private let subscription: InotifyHub.Subscription

    init?(files: DatabaseFileNames, queue: DispatchQueue, onEvent: @escaping @Sendable () -> Void) {
        guard let subscription = InotifyHub.shared?.subscribe(directory: files.directory, names: files.names, queue: queue, onEvent: onEvent)
        else { return nil }
        self.subscription = subscription
    }

    func cancel() {
        InotifyHub.shared?.unsubscribe(subscription)
    }
}

/// The process's inotify descriptor: one watch per directory, shared by
/// every database file watcher in it, read by one dispatch source that
/// hands each event to the watchers of the files it concerns.
final class InotifyHub: @unchecked Sendable {
    // Safe: `descriptor` and `source` are set once in the initializer and
    // never reassigned (the source lives as long as the process); the
    // watchers are only touched under `state`'s lock.
    /// The hub, or nil when inotify is unavailable (then observers poll).
    static let shared = InotifyHub()

    struct Subscription: Hashable, Sendable {
        fileprivate let id: UInt64
        fileprivate let watchDescriptor: Int32
    }

    private struct Watcher {
        var names: Set<String>
        var queue: DispatchQueue
        var onEvent: @Sendable () -> Void
    }

    private struct State {
        var watchers: [Int32: [UInt64: Watcher]] = [:]
        var lastID: UInt64 = 0
    }

    private let descriptor: Int32
    private let source: DispatchSourceRead
    private let state = Mutex(State())
    private static let mask = UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_CLOSE_WRITE)

    private init?() {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "Plume.InotifyHub"))
        source.setEventHandler { [state] in
            Self.dispatch(Self.drain(descriptor), state)
        }
        source.resume()
    }

    /// Watches `directory` for changes to `names`; nil when the directory
    /// cannot be watched.
    func subscribe(directory: String, names: Set<String>, queue: DispatchQueue,
                   onEvent: @escaping @Sendable () -> Void) -> Subscription? {
        state.withLock { state in
            let watchDescriptor = inotify_add_watch(descriptor, directory, Self.mask)
            guard watchDescriptor >= 0 else { return nil }
            state.lastID += 1
            state.watchers[watchDescriptor, default: [:]][state.lastID] = Watcher(names: names, queue: queue, onEvent: onEvent)
            return Subscription(id: state.lastID, watchDescriptor: watchDescriptor)
        }
    }

    /// Stops a watcher; the directory's watch goes with its last watcher.
    func unsubscribe(_ subscription: Subscription) {
        state.withLock { state in
            guard state.watchers[subscription.watchDescriptor]?.removeValue(forKey: subscription.id) != nil else { return }
            if state.watchers[subscription.watchDescriptor]?.isEmpty == true {
                state.watchers[subscription.watchDescriptor] = nil
                inotify_rm_watch(descriptor, subscription.watchDescriptor)
            }
        }
    }

    /// Hands each watcher concerned one call, on its queue.
    private static func dispatch(_ events: Events, _ state: Mutex<State>) {
        let concerned = state.withLock { state -> [Watcher] in
            if events.overflowed { return state.watchers.values.flatMap(\.values) }
            return events.names.flatMap { watchDescriptor, names in
                (state.watchers[watchDescriptor] ?? [:]).values.filter { !$0.names.isDisjoint(with: names) }
            }
        }
        for watcher in concerned { watcher.queue.async(execute: watcher.onEvent) }
    }

    private struct Events {
        /// The file names changed, per watched directory.
        var names: [Int32: Set<String>] = [:]
        /// The kernel dropped events: every watcher checks.
        var overflowed = false
    }

    /// Reads every pending event.
    private static func drain(_ descriptor: Int32) -> Events {
        var events = Events()
        let capacity = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, capacity)
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = offset + MemoryLayout<inotify_event>.size
                if (event.mask & UInt32(IN_Q_OVERFLOW)) != 0 {
                    events.overflowed = true
                } else if event.len > 0 {
                    let name = String(cString: buffer.advanced(by: nameStart).assumingMemoryBound(to: CChar.self))
                    events.names[event.wd, default: []].insert(name)
                }
                offset = nameStart + Int(event.len)
            }
        }
        return events
    }
}
#endif
