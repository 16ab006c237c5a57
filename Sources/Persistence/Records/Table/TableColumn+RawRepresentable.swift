/// Comparisons of a column whose type is an enum with a raw value that is
/// only `Codable` (stored as its raw value): `$0.mood == .calm`. A type that
/// is also ``DatabaseValueConvertible`` uses the general operators.
extension TableColumn where Record: InsertableRecord, Value: RawRepresentable, Value.RawValue: DatabaseValueConvertible {
    /// The column equals the value.
    @_disfavoredOverload
    public static func == (column: TableColumn, value: Value) -> TablePredicate { column.compareRaw(value.rawValue, "=") }
    /// The column differs from the value. NULL differs from nothing, as in SQL.
    @_disfavoredOverload
    public static func != (column: TableColumn, value: Value) -> TablePredicate { column.compareRaw(value.rawValue, "<>") }

    /// The column is one of the values (`IN (…)`).
    ///
    /// - Parameter values: The values; none makes a condition no row meets.
    @_disfavoredOverload
    public func isIn(_ values: some Sequence<Value>) -> TablePredicate {
        rawIsIn(values.map { $0.rawValue.databaseValue })
    }
}

extension TableColumn where Record: InsertableRecord, Value: TableOptionalValue, Value.Wrapped: RawRepresentable,
    Value.Wrapped.RawValue: DatabaseValueConvertible {
    /// The optional column equals the value (`IS NULL` for nil).
    @_disfavoredOverload
    public static func == (column: TableColumn, value: Value.Wrapped?) -> TablePredicate {
        guard let value else { return TablePredicate(sql: "\(column.quoted) IS NULL", arguments: []) }
        return column.compareRaw(value.rawValue, "=")
    }

    /// The optional column differs from the value (`IS NOT NULL` for nil).
    @_disfavoredOverload
    public static func != (column: TableColumn, value: Value.Wrapped?) -> TablePredicate {
        guard let value else { return TablePredicate(sql: "\(column.quoted) IS NOT NULL", arguments: []) }
        return column.compareRaw(value.rawValue, "<>")
    }

    /// The optional column is one of the values; a nil among them matches
    /// NULL (`("mood" IN (?)) OR ("mood" IS NULL)`).
    ///
    /// - Parameter values: The values; none makes a condition no row meets.
    @_disfavoredOverload
    public func isIn(_ values: some Sequence<Value.Wrapped?>) -> TablePredicate {
        rawIsIn(values.map { $0.map { $0.rawValue.databaseValue } ?? .null })
    }
}

extension TableColumn {
    func compareRaw(_ raw: some DatabaseValueConvertible, _ operation: String) -> TablePredicate {
        TablePredicate(sql: "\(quoted) \(operation) ?", arguments: [raw.databaseValue])
    }

    /// `"column" IN (?, …)`, OR `IS NULL` when a value is NULL.
    func rawIsIn(_ values: [DatabaseValue]) -> TablePredicate {
        let arguments = values.filter { !$0.isNull }
        let isNull = "\(quoted) IS NULL"
        let matchesNull = arguments.count < values.count
        guard !arguments.isEmpty else { return TablePredicate(sql: matchesNull ? isNull : "0", arguments: []) }
        let isIn = "\(quoted) IN (\(Array(repeating: "?", count: arguments.count).joined(separator: ", ")))"
        return TablePredicate(sql: matchesNull ? "(\(isIn)) OR (\(isNull))" : isIn, arguments: arguments)
    }
}
