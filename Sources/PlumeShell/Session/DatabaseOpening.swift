import CSQLite
import Foundation
import Persistence
import PlumeTerminal

/// How the shell opens its main database: `sqlite3`'s open modes
/// (`-readonly`, `-append`, `-zip`, `-deserialize`) and flags.
package struct DatabaseOpening {
    /// `sqlite3`'s `openMode`: the last of `-readonly`, `-append`, `-zip`
    /// and `-deserialize` on the command line wins.
    enum Mode: Equatable {
        case normal
        case readOnly
        /// The database appended to another file, through the `apndvfs`
        /// VFS. `sqlite3` builds that VFS in; the SQLite library Plume
        /// links has none, so opening fails with "no such vfs".
        case append
        /// A ZIP archive as the virtual table `zip`. The `zipfile` module
        /// is built into `sqlite3`, not into the library: without it the
        /// table is missing, and `sqlite3` ignores that error when opening.
        case zip
        /// The file's bytes loaded into an in-memory database.
        case deserialize
    }

    var path: String
    var mode = Mode.normal
    var createIfMissing = true
    /// `-nofollow`.
    var refusesSymbolicLinks = false
    /// `-maxsize N`: the largest a deserialized database may grow.
    var maxSize: Int64 = 0

    /// Opens the database.
    ///
    /// - Throws: ``DatabaseError`` when it cannot be opened.
    func open() throws -> Database {
        switch mode {
        case .normal, .readOnly:
            let readOnly = mode == .readOnly
            return try Shell.openDatabase(path: path, createIfMissing: createIfMissing && !readOnly, readOnly: readOnly,
                                          refusesSymbolicLinks: refusesSymbolicLinks, readsSchema: false)
        case .append:
            return try Shell.openDatabase(path: path, createIfMissing: true, readOnly: false,
                                          refusesSymbolicLinks: refusesSymbolicLinks, vfsName: "apndvfs", readsSchema: false)
        case .zip:
            let database = try Shell.openDatabase(path: ":memory:", createIfMissing: true, readOnly: false)
            let quoted = "'" + path.replacingEvery("'", with: "''") + "'"
            sqlite3_exec(database.sqliteConnection, "CREATE VIRTUAL TABLE zip USING zipfile(\(quoted));", nil, nil, nil)
            return database
        case .deserialize:
            let database = try Shell.openDatabase(path: ":memory:", createIfMissing: true, readOnly: false)
            deserialize(into: database.sqliteConnection!)
            return database
        }
    }

    /// Loads the file into the in-memory connection, as `sqlite3`'s
    /// `open_db` does; a file that cannot be opened leaves it empty. A
    /// FIFO, a device or a directory, or a file over the size limit, is
    /// not read, and said so (``FileBytes``).
    private func deserialize(into connection: OpaquePointer) {
        let contents: [UInt8]
        do {
            contents = try FileBytes.readRegularFile(atPath: path)
        } catch {
            if !error.isOpenFailure { StandardStreams.writeError("Error: \(error)\n") }
            return
        }
        guard let buffer = sqlite3_malloc64(sqlite3_uint64(max(contents.count, 1))) else { return }
        contents.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { buffer.copyMemory(from: base, byteCount: bytes.count) }
        }
        let size = sqlite3_int64(contents.count)
        let flags = UInt32(SQLITE_DESERIALIZE_RESIZEABLE | SQLITE_DESERIALIZE_FREEONCLOSE)
        let code = sqlite3_deserialize(connection, "main", buffer.assumingMemoryBound(to: UInt8.self), size, size, flags)
        if code != SQLITE_OK {
            StandardStreams.writeError("Error: sqlite3_deserialize() returns \(code)\n")
        }
        if maxSize > 0 {
            var limit = maxSize
            _ = plume_file_control_int64(connection, "main", SQLITE_FCNTL_SIZE_LIMIT, &limit)
        }
    }
}

extension DatabaseOpening {
    /// Opens the file at `path` (`:memory:` for an in-memory database)
    /// as `sqlite3` opens it by default, creating it if missing.
    package init(path: String) {
        self.path = path
    }
}
