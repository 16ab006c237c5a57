/// Why syncing failed: a code callers can act on, and a message naming
/// what is wrong.
public struct SyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; new codes may be added.
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's name.
        public let rawValue: String
        /// Creates a code.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The token is missing, wrong or revoked (HTTP 401).
        public static let unauthorized = Code(rawValue: "unauthorized")
        /// The token may not do this: push with a read-only token, or use
        /// a table it is not given (HTTP 403).
        public static let forbidden = Code(rawValue: "forbidden")
        /// The server's table differs from the local one (HTTP 409): the
        /// message names the table and column.
        public static let schemaMismatch = Code(rawValue: "schemaMismatch")
        /// The server refused a request as malformed or too large (HTTP 400
        /// or 413).
        public static let badRequest = Code(rawValue: "badRequest")
        /// The server pruned the log past this client (HTTP 410): the
        /// engine bootstraps again.
        public static let logPruned = Code(rawValue: "logPruned")
        /// The server failed or could not be reached: the engine retries.
        public static let unavailable = Code(rawValue: "unavailable")
        /// A local table cannot be synced: no primary key, no change
        /// history with values, or no table at all.
        public static let tableNotSyncable = Code(rawValue: "tableNotSyncable")
        /// The local history or sync state is not what the engine wrote.
        public static let stateDamaged = Code(rawValue: "stateDamaged")
    }

    /// The kind of failure.
    public let code: Code
    /// What is wrong.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// Whether retrying cannot help until someone changes something (the
    /// token, the schema): the engine reports ``SyncStatus/failed(reason:)``.
    var isPermanent: Bool {
        [.unauthorized, .forbidden, .schemaMismatch, .badRequest, .tableNotSyncable, .stateDamaged].contains(code)
    }
}
