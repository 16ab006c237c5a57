/// The column names of a result, shared by every row of it.
///
/// Looking up a column by name is case-insensitive for ASCII letters only,
/// as SQLite compares names (`ID` finds `id`; `ÉTÉ` does not find `été`),
/// and the first column of that name wins (as in `SELECT a.id, b.id`).
public final class RowLayout: Sendable, Hashable {
    /// The column names, in result order.
    public let columns: [String]
    private let indexByLowercasedName: [String: Int]

    /// Creates a layout from column names.
    public init(columns: [String]) {
        self.columns = columns
        var index: [String: Int] = [:]
        index.reserveCapacity(columns.count)
        for (position, name) in columns.enumerated() {
            let key = name.sqlNameKey()
            if index[key] == nil { index[key] = position }
        }
        self.indexByLowercasedName = index
    }

    /// The index of a column, or nil.
    ///
    /// - Complexity: O(1) on average; the exact-case name is tried first.
    @inline(__always)
    public func index(ofColumn name: String) -> Int? {
        if let exact = indexByLowercasedName[name] { return exact }
        return indexByLowercasedName[name.sqlNameKey()]
    }

    public static func == (lhs: RowLayout, rhs: RowLayout) -> Bool {
        lhs === rhs || lhs.columns == rhs.columns
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns)
    }
}
