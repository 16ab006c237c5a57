#if os(Linux)
import Dispatch
import Glibc

/// Linux file events: one inotify descriptor watching the database's
/// directory, filtered to the database's own files, read by a dispatch read
/// source on the watcher's queue.
final class InotifyWatcher: DatabaseFileWatcher {
    private let descriptor: Int32
    private let source: DispatchSourceRead
    private let names: Set<String>

    /// Whether the descriptor is still open (cancelling twice does nothing).
    private var isWatching = true

    init?(files: DatabaseFileNames, queue: DispatchQueue, onEvent: @escaping @Sendable () -> Void) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_CLOSE_WRITE)
        guard inotify_add_watch(descriptor, files.directory, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.names = files.names
        self.source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [names] in
            if Self.drain(descriptor, names: names) { onEvent() }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
    }

    func cancel() {
        guard isWatching else { return }
        isWatching = false
        source.cancel()
    }

    /// Reads every pending event; returns whether one concerns the
    /// database's files. Events of other files in the directory are dropped.
    private static func drain(_ descriptor: Int32, names: Set<String>) -> Bool {
        var relevant = false
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
                    relevant = true
                } else if event.len > 0 {
                    let name = String(cString: buffer.advanced(by: nameStart).assumingMemoryBound(to: CChar.self))
                    if names.contains(name) { relevant = true }
                }
                offset = nameStart + Int(event.len)
            }
        }
        return relevant
    }
}
#endif
