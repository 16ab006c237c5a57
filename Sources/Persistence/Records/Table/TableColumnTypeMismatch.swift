/// What comparing a column with a value of another type makes: no
/// ``TablePredicate``, so the request does not compile, and the compiler's
/// error names both types:
/// `cannot convert value of type 'TableColumnTypeMismatch<Int, String>' to closure result type 'TablePredicate'`
/// says that an `Int` column was compared with a `String`.
///
/// Compare the column with a value of its own type (convert the value, or
/// pick the column you meant).
public struct TableColumnTypeMismatch<ColumnValue, ComparedValue> {
    init() {}
}

/// The comparisons the typed operators do not take: disfavored, so that
/// they are chosen only when the value is not of the column's type, and
/// the error then names both types.
extension TableColumn where Record: InsertableRecord, Value: DatabaseValueConvertible {
    /// A comparison with a value of another type: it does not compile.
    @_disfavoredOverload
    public static func == <Other>(column: TableColumn, value: Other) -> TableColumnTypeMismatch<Value, Other> { .init() }
    /// A comparison with a value of another type: it does not compile.
    @_disfavoredOverload
    public static func != <Other>(column: TableColumn, value: Other) -> TableColumnTypeMismatch<Value, Other> { .init() }
    /// A comparison with a value of another type: it does not compile.
    @_disfavoredOverload
    public static func < <Other>(column: TableColumn, value: Other) -> TableColumnTypeMismatch<Value, Other> { .init() }
    /// A comparison with a value of another type: it does not compile.
    @_disfavoredOverload
    public static func <= <Other>(column: TableColumn, value: Other) -> TableColumnTypeMismatch<Value, Other> { .init() }
    /// A comparison with a value of another type: it does not compile.
    @_disfavoredOverload
    public static func > <Other>(column: TableColumn, value: Other) -> TableColumnTypeMismatch<Value, Other> { .init() }
    /// A comparison with a value of another type: it does not compile.
    @_disfavoredOverload
    public static func >= <Other>(column: TableColumn, value: Other) -> TableColumnTypeMismatch<Value, Other> { .init() }
}
