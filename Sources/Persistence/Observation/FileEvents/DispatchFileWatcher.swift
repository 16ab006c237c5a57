#if canImport(Darwin)
import Darwin
import Dispatch

/// Apple platforms' file events: a `DispatchSource` file-system object
/// source on the directory (a `-wal` or `-journal` file created or deleted)
/// and one on each of the database's files that exists.
final class DispatchFileWatcher: DatabaseFileWatcher, @unchecked Sendable {
    // Safe: `sources` is only touched on `queue`, where the sources'
    // handlers and `cancel()` run.
    private let files: DatabaseFileNames
    private let queue: DispatchQueue
    private let onEvent: @Sendable () -> Void
    private var sources: [String: DispatchSourceFileSystemObject] = [:]

    init?(files: DatabaseFileNames, queue: DispatchQueue, onEvent: @escaping @Sendable () -> Void) {
        self.files = files
        self.queue = queue
        self.onEvent = onEvent
        guard watch(files.directory, events: .write) else { return nil }
        refresh()
    }

    /// Watches the database files that exist and are not watched yet.
    private func refresh() {
        for path in files.paths where sources[path] == nil {
            _ = watch(path, events: [.write, .extend, .delete, .rename])
        }
    }

    private func watch(_ path: String, events: DispatchSource.FileSystemEvent) -> Bool {
        let descriptor = open(path, O_EVTONLY)
        guard descriptor >= 0 else { return false }
        let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: events, queue: queue)
        source.setEventHandler { [weak self, unowned source] in self?.handle(path, source.data) }
        source.setCancelHandler { close(descriptor) }
        sources[path] = source
        source.resume()
        return true
    }

    private func handle(_ path: String, _ events: DispatchSource.FileSystemEvent) {
        if path != files.directory, !events.isDisjoint(with: [.delete, .rename]) {
            sources.removeValue(forKey: path)?.cancel()
        }
        refresh()
        onEvent()
    }

    func cancel() {
        for source in sources.values { source.cancel() }
        sources.removeAll()
    }
}
#endif
