import CSQLite
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names: its device and inode, following symbolic
/// links. Two paths (or one path at two times) name the same file exactly
/// when their identities are equal.
struct DatabaseFileIdentity: Hashable, Sendable, CustomStringConvertible {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file `path` names now, or nil when nothing is
    /// there (or it cannot be read).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }

    var description: String { "device \(device), inode \(inode)" }
}

/// The database file a connection opened: the path it was given (made
/// absolute, symbolic links kept), and the file that path named then.
///
/// SQLite keeps the file it opened: when another file is moved over the
/// path, or the path is deleted and created again, or a symbolic link is
/// pointed elsewhere, the connection goes on reading the old file and
/// nothing fails. Comparing the path's identity now with this one tells.
struct OpenedDatabaseFile: Sendable {
    /// The path as given, absolute: a symbolic link stays a link, so that
    /// pointing it at another database counts as a replacement.
    let path: String
    /// The file the path named right after the open.
    let identity: DatabaseFileIdentity

    /// The file a connection just opened, or nil for an in-memory or
    /// temporary database.
    init?(location: Database.Location, handle: OpaquePointer) {
        let path: String
        switch location {
        case .inMemory:
            return nil
        case .file(let given):
            guard !given.isEmpty, given != ":memory:" else { return nil }
            path = given.hasPrefix("/") ? given : FileManager.default.currentDirectoryPath + "/" + given
        case .uri:
            // The URI's file, as SQLite resolved it.
            guard let name = sqlite3_db_filename(handle, "main"), name.pointee != 0 else { return nil }
            path = String(cString: name)
        }
        guard let identity = DatabaseFileIdentity(path: path) else { return nil }
        self.path = path
        self.identity = identity
    }
}
