/// The database file a queue or pool opened is no longer at its path:
/// another file was moved over it (`mv new.db app.db`), it was deleted and
/// created again, a symbolic link was pointed at another database, or it
/// was deleted for good.
///
/// SQLite keeps reading the file it opened, so nothing else fails: the
/// connection shows the old file's data and never sees commits to the new
/// one. Observers hear of it once, in ``DatabaseChanges/fileReplacement``
/// (a `FetchedResultsController` fails with it, a ``ValueObservation``
/// ends with it); the connections stay open on the old file. Close the
/// queue or pool and open the path again to follow the new file.
///
/// ```
/// the database file /data/app.db was replaced by another file (device 2049, inode 131 became inode 140): close the database and open the path again
/// ```
public struct DatabaseFileReplacedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What happened to the path; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Base: Hashable, Sendable { case replaced, deleted }
        fileprivate let base: Base
        /// The path names another file now.
        public static let replaced = Code(base: .replaced)
        /// The path names nothing, and did not come back within the check
        /// interval (``Database/Configuration/fileReplacementCheckInterval``).
        public static let deleted = Code(base: .deleted)

        public var description: String {
            switch base {
            case .replaced: "replaced"
            case .deleted: "deleted"
            }
        }
    }

    /// What happened to the path.
    public let code: Code
    /// The path the database was opened with, made absolute (a symbolic
    /// link stays a link).
    public let path: String
    let opened: DatabaseFileIdentity
    let current: DatabaseFileIdentity?

    init(_ code: Code, path: String, opened: DatabaseFileIdentity, current: DatabaseFileIdentity?) {
        self.code = code
        self.path = path
        self.opened = opened
        self.current = current
    }

    public var description: String {
        let what: String
        if let current {
            let change = current.device == opened.device
                ? "device \(opened.device), inode \(opened.inode) became inode \(current.inode)"
                : "\(opened) became \(current)"
            what = "was replaced by another file (\(change))"
        } else {
            what = "was deleted"
        }
        return "the database file \(path) \(what): close the database and open the path again"
    }
}
