/// Values bound to a statement's parameters: positional (`?`, `?NNN`), named
/// (`:name`, `$name`, `@name`), or both.
///
/// ```swift
/// try db.execute(sql: "INSERT INTO photo (name, rating) VALUES (?, ?)",
///                arguments: ["Sunset", 5])
/// try db.execute(sql: "UPDATE photo SET rating = :rating WHERE id = :id",
///                arguments: ["rating": 4, "id": 1])
/// ```
public struct StatementArguments: Hashable, Sendable, CustomStringConvertible {
    /// Values for the positional parameters, in order.
    public var positional: [DatabaseValue]
    /// Values for named parameters, keyed by name without its prefix.
    public var named: [String: DatabaseValue]

    /// No arguments.
    public init() {
        self.positional = []
        self.named = [:]
    }

    /// Creates arguments from database values.
    public init(positional: [DatabaseValue], named: [String: DatabaseValue] = [:]) {
        self.positional = positional
        self.named = named
    }

    /// Creates named arguments from database values.
    public init(named: [String: DatabaseValue]) {
        self.positional = []
        self.named = named
    }

    /// Creates positional arguments from convertible values.
    public init(_ values: [(any DatabaseValueConvertible)?]) {
        self.positional = values.map { $0?.databaseValue ?? .null }
        self.named = [:]
    }

    /// Creates named arguments from convertible values.
    public init(_ values: [String: (any DatabaseValueConvertible)?]) {
        self.positional = []
        self.named = values.mapValues { $0?.databaseValue ?? .null }
    }

    /// Whether there are no arguments at all.
    public var isEmpty: Bool { positional.isEmpty && named.isEmpty }

    public var description: String {
        var parts = positional.map(\.description)
        parts += named.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}

extension StatementArguments: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements)
    }
}

extension StatementArguments: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        self.positional = []
        self.named = Dictionary(elements.map { ($0.0, $0.1?.databaseValue ?? .null) }, uniquingKeysWith: { $1 })
    }
}
