/// A row could not be decoded: the column is missing, the index out of
/// range, or the value of another type.
public struct RowDecodingError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable { case columnNotFound, indexOutOfRange, typeMismatch, keyNotFound }
        private let base: Base
        /// No column has that name.
        public static let columnNotFound = Kind(base: .columnNotFound)
        /// No column has that index.
        public static let indexOutOfRange = Kind(base: .indexOutOfRange)
        /// The value does not convert to the requested type.
        public static let typeMismatch = Kind(base: .typeMismatch)
        /// A nested decodable key is missing.
        public static let keyNotFound = Kind(base: .keyNotFound)
        public var description: String {
            switch base {
            case .columnNotFound: "column not found"
            case .indexOutOfRange: "column index out of range"
            case .typeMismatch: "type mismatch"
            case .keyNotFound: "key not found"
            }
        }
    }

    /// What went wrong.
    public let kind: Kind
    /// The column name, when known.
    public let column: String?
    /// The column index, when known.
    public let index: Int?
    /// The requested Swift type.
    public let typeName: String
    /// The stored value, for type mismatches.
    public let value: DatabaseValue?
    /// The columns of the row.
    public let availableColumns: [String]
    /// The SQL of the query, when known.
    public var sql: String?
    /// More about what went wrong, when Plume knows (invalid JSON in a
    /// nested value, for example).
    public var reason: String?

    init(kind: Kind, column: String?, index: Int?, type: Any.Type, value: DatabaseValue?, layout: RowLayout, sql: String? = nil) {
        self.kind = kind
        self.column = column
        self.index = index
        self.typeName = String(describing: type)
        self.value = value
        self.availableColumns = layout.columns
        self.sql = sql
    }

    @usableFromInline
    static func indexOutOfRange(_ index: Int, type: Any.Type, layout: RowLayout) -> RowDecodingError {
        RowDecodingError(kind: .indexOutOfRange, column: nil, index: index, type: type, value: nil, layout: layout)
    }

    @usableFromInline
    static func columnNotFound(_ column: String, type: Any.Type, layout: RowLayout) -> RowDecodingError {
        RowDecodingError(kind: .columnNotFound, column: column, index: nil, type: type, value: nil, layout: layout)
    }

    @usableFromInline
    static func typeMismatch(at index: Int, type: Any.Type, row: Row) -> RowDecodingError {
        var error = RowDecodingError(kind: .typeMismatch, column: row.layout.columns[index], index: index, type: type,
                                     value: row[index], layout: row.layout)
        error.reason = integerRangeReason(type, value: row[index])
        return error
    }

    public var description: String {
        var text: String
        switch kind {
        case .columnNotFound, .keyNotFound:
            text = "no column named \"\(column ?? "?")\" (the row has: \(availableColumns.joined(separator: ", ")))"
        case .indexOutOfRange:
            text = "no column at index \(index ?? -1) (the row has \(availableColumns.count) columns)"
        default:
            let name = column.map { "column \"\($0)\"" } ?? "column \(index ?? -1)"
            let stored = value.map { "\($0.storageClass.rawValue) \($0)" } ?? "?"
            text = "cannot decode \(typeName) from \(name): it holds \(stored)"
        }
        if let reason {
            text += " (\(reason))"
        }
        if let sql {
            text += " - in `\(sql)`"
        }
        return text
    }
}
