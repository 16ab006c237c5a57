import CSQLite
import Dispatch
import Foundation

/// Calls a handler on a queue when one of a database's files may have
/// changed: the main file, its `-wal` file or its `-journal` file, created,
/// written, renamed or deleted.
///
/// Events are hints, not proofs: the handler confirms them with
/// `PRAGMA data_version`. A watcher does nothing between events (no timer).
/// Linux uses inotify on the database's directory, which also reports a
/// `-wal` or `-journal` file created after the watch began; Apple platforms
/// use `DispatchSource` file-system object sources.
protocol DatabaseFileWatcher: AnyObject {
    /// Stops the events and releases every file descriptor. Called on the
    /// watcher's queue.
    func cancel()
}

/// The names of the files a watcher follows for the database at `path`.
struct DatabaseFileNames: Sendable {
    /// The directory that holds the database.
    let directory: String
    /// The main file, `-wal` and `-journal` names, without the directory.
    let names: Set<String>

    init(databasePath path: String) {
        let url = URL(fileURLWithPath: path)
        directory = url.deletingLastPathComponent().path
        let base = url.lastPathComponent
        names = [base, base + "-wal", base + "-journal"]
    }

    /// The full paths of the watched files.
    var paths: [String] { names.sorted().map { directory + "/" + $0 } }
}

/// Makes the watcher of this platform, or nil when file events are not
/// available (then the caller polls).
func makeDatabaseFileWatcher(path: String, queue: DispatchQueue, onEvent: @escaping @Sendable () -> Void) -> DatabaseFileWatcher? {
    #if os(Linux)
    return InotifyWatcher(files: DatabaseFileNames(databasePath: path), queue: queue, onEvent: onEvent)
    #elseif canImport(Darwin)
    return DispatchFileWatcher(files: DatabaseFileNames(databasePath: path), queue: queue, onEvent: onEvent)
    #else
    return nil
    #endif
}

extension Database {
    /// The absolute path of the main database file, or nil for an
    /// in-memory or temporary database.
    var mainFilePath: String? {
        guard let handle = sqliteConnection, let name = sqlite3_db_filename(handle, "main"), name.pointee != 0 else { return nil }
        return String(cString: name)
    }
}
