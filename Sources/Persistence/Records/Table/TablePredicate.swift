/// A condition of a typed request's `WHERE` clause: SQL with its bound
/// arguments, made by comparing columns with values and combining with
/// `&&`, `||` and `!`.
///
/// ```swift
/// Photo.all().where { $0.rating >= 4 && ($0.album == "Holidays" || $0.album == nil) }
/// Photo.all().where { $0.rating > 2 && .sql("name LIKE ?", ["IMG%"]) }
/// ```
public struct TablePredicate: Sendable, Hashable {
    /// The SQL expression, with `?` for each argument.
    public let sql: String
    /// The values bound to its `?` parameters, in order.
    public let arguments: [DatabaseValue]

    /// A condition written in SQL, with positional arguments: the escape
    /// hatch for what the typed operators do not say.
    ///
    /// - Parameters:
    ///   - sql: An SQL expression with `?` parameters.
    ///   - arguments: Their values, in order.
    public static func sql(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) -> TablePredicate {
        TablePredicate(sql: sql, arguments: arguments.map { $0?.databaseValue ?? .null })
    }

    init(sql: String, arguments: [DatabaseValue]) {
        self.sql = sql
        self.arguments = arguments
    }

    /// Both conditions.
    public static func && (lhs: TablePredicate, rhs: TablePredicate) -> TablePredicate {
        TablePredicate(sql: "(\(lhs.sql)) AND (\(rhs.sql))", arguments: lhs.arguments + rhs.arguments)
    }

    /// Either condition.
    public static func || (lhs: TablePredicate, rhs: TablePredicate) -> TablePredicate {
        TablePredicate(sql: "(\(lhs.sql)) OR (\(rhs.sql))", arguments: lhs.arguments + rhs.arguments)
    }

    /// The opposite condition.
    public static prefix func ! (predicate: TablePredicate) -> TablePredicate {
        TablePredicate(sql: "NOT (\(predicate.sql))", arguments: predicate.arguments)
    }
}

extension TableColumn where Record: InsertableRecord, Value: DatabaseValueConvertible {
    /// The column equals the value (`IS NULL` for nil).
    public static func == (column: TableColumn, value: Value) -> TablePredicate {
        column.compare(value, "=", null: "IS NULL")
    }

    /// The column differs from the value (`IS NOT NULL` for nil). NULL
    /// differs from nothing, as in SQL.
    public static func != (column: TableColumn, value: Value) -> TablePredicate {
        column.compare(value, "<>", null: "IS NOT NULL")
    }

    /// The column is less than the value.
    public static func < (column: TableColumn, value: Value) -> TablePredicate { column.compare(value, "<") }
    /// The column is less than or equal to the value.
    public static func <= (column: TableColumn, value: Value) -> TablePredicate { column.compare(value, "<=") }
    /// The column is greater than the value.
    public static func > (column: TableColumn, value: Value) -> TablePredicate { column.compare(value, ">") }
    /// The column is greater than or equal to the value.
    public static func >= (column: TableColumn, value: Value) -> TablePredicate { column.compare(value, ">=") }

    /// The column is one of the values: `"album" IN (?, ?)`.
    ///
    /// A nil among the values matches NULL, as `== nil` does:
    /// `album.isIn(["Lisbon", nil])` is
    /// `("album" IN (?)) OR ("album" IS NULL)`, the rows whose album is
    /// Lisbon or none. (SQL's own `IN (…, NULL)` never matches NULL.)
    ///
    /// ```swift
    /// Photo.all().where { $0.album.isIn(["Lisbon", nil]) }
    /// ```
    ///
    /// - Parameter values: The values; none makes a condition no row meets.
    public func isIn(_ values: some Sequence<Value>) -> TablePredicate {
        rawIsIn(values.map(sqlValue))
    }

    private func compare(_ value: Value, _ operation: String, null: String? = nil) -> TablePredicate {
        let argument = sqlValue(value)
        if let null, argument.isNull { return TablePredicate(sql: "\(quoted) \(null)", arguments: []) }
        return TablePredicate(sql: "\(quoted) \(operation) ?", arguments: [argument])
    }
}

extension TableColumn where Record: InsertableRecord, Value: StringProtocol & DatabaseValueConvertible {
    /// The column matches an SQL `LIKE` pattern (`%` any text, `_` one
    /// character; ASCII letters match either case).
    ///
    /// - Parameter pattern: The pattern.
    public func like(_ pattern: String) -> TablePredicate { likePredicate(pattern, escape: nil) }

    /// The column matches an SQL `LIKE` pattern in which `escape` makes
    /// the next `%`, `_` or `escape` literal: `like("100\\%", escape: "\\")`
    /// is `"column" LIKE ? ESCAPE ?`, matching the text `100%`.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - escape: The escape character.
    public func like(_ pattern: String, escape: Character) -> TablePredicate { likePredicate(pattern, escape: escape) }

    /// The column's text contains `text`, as `String.contains` says, case
    /// included: `"name" GLOB ?` with `*text*`, the `*`, `?` and `[` of
    /// `text` escaped. Text is compared by Unicode scalar (no
    /// canonical equivalence: a precomposed `é` is not `e` and an accent);
    /// NULL contains nothing; every text contains "".
    ///
    /// `LIKE` would ignore the case of ASCII letters: `like(_:escape:)`
    /// is there for that.
    ///
    /// - Parameter text: The text to look for.
    public func contains(_ text: String) -> TablePredicate { globPredicate("*", text, "*") }

    /// The column's text starts with `prefix`, case included:
    /// `"name" GLOB ?` with `prefix*`, escaped (see `contains(_:)`).
    ///
    /// - Parameter prefix: The prefix.
    public func hasPrefix(_ prefix: String) -> TablePredicate { globPredicate("", prefix, "*") }

    /// The column's text ends with `suffix`, case included:
    /// `"name" GLOB ?` with `*suffix`, escaped (see `contains(_:)`).
    ///
    /// - Parameter suffix: The suffix.
    public func hasSuffix(_ suffix: String) -> TablePredicate { globPredicate("*", suffix, "") }
}

extension TableColumn where Record: InsertableRecord {
    /// The optional text column matches an SQL `LIKE` pattern.
    ///
    /// - Parameter pattern: The pattern.
    public func like(_ pattern: String) -> TablePredicate where Value == String? { likePredicate(pattern, escape: nil) }

    /// The optional text column matches an SQL `LIKE` pattern with an
    /// escape character.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - escape: The escape character.
    public func like(_ pattern: String, escape: Character) -> TablePredicate where Value == String? {
        likePredicate(pattern, escape: escape)
    }

    /// The optional text column contains `text`, case included (NULL
    /// contains nothing; see the non-optional `contains(_:)`).
    ///
    /// - Parameter text: The text to look for.
    public func contains(_ text: String) -> TablePredicate where Value == String? { globPredicate("*", text, "*") }

    /// The optional text column starts with `prefix`, case included.
    ///
    /// - Parameter prefix: The prefix.
    public func hasPrefix(_ prefix: String) -> TablePredicate where Value == String? { globPredicate("", prefix, "*") }

    /// The optional text column ends with `suffix`, case included.
    ///
    /// - Parameter suffix: The suffix.
    public func hasSuffix(_ suffix: String) -> TablePredicate where Value == String? { globPredicate("*", suffix, "") }

    func likePredicate(_ pattern: String, escape: Character?) -> TablePredicate {
        guard let escape else { return TablePredicate(sql: "\(quoted) LIKE ?", arguments: [.text(pattern)]) }
        return TablePredicate(sql: "\(quoted) LIKE ? ESCAPE ?", arguments: [.text(pattern), .text(String(escape))])
    }

    func globPredicate(_ before: String, _ text: String, _ after: String) -> TablePredicate {
        TablePredicate(sql: "\(quoted) GLOB ?", arguments: [.text(before + Self.globEscaped(text) + after)])
    }

    /// The text as a `GLOB` pattern that matches it alone: `*`, `?` and
    /// `[` each in a class of its own (`[*]`).
    static func globEscaped(_ text: String) -> String {
        var pattern = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "*", "?", "[": pattern += "[\(scalar)]"
            default: pattern.unicodeScalars.append(scalar)
            }
        }
        return pattern
    }
}
