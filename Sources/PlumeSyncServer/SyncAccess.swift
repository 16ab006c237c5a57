/// What a token may do: read (pull, stream, bootstrap) the tables it names
/// or all of them, and push unless it is read-only.
public struct SyncAccess: Hashable, Sendable {
    /// Whether the token may push changes and add tables.
    public var canWrite: Bool
    /// The tables the token may use (names lowercased), nil for every
    /// table.
    public var tables: Set<String>?

    /// Creates an access.
    public init(canWrite: Bool = true, tables: Set<String>? = nil) {
        self.canWrite = canWrite
        self.tables = tables
    }

    /// Whether the token may use `table`.
    public func allows(_ table: String) -> Bool {
        tables?.contains(table) ?? true
    }
}
