extension Database {
    /// Checks that a typed record's table has every column the record
    /// declares, of a compatible declared type, and that the key the
    /// record declares identifies one row.
    ///
    /// A column's declared type gives it an affinity, as SQLite's rules
    /// say (`INT…` → INTEGER, `CHAR`/`CLOB`/`TEXT` → TEXT, `BLOB` or none →
    /// BLOB, `REAL`/`FLOA`/`DOUB` → REAL, else NUMERIC). Text properties
    /// need TEXT or BLOB affinity (a numeric affinity would turn `"42"`
    /// into a number); numbers need a numeric affinity or none; blobs
    /// anything but a numeric affinity; dates stored as text fit `DATE` and
    /// `DATETIME` columns too. The key must be the table's primary key, a
    /// rowid table's `rowid`, or the columns of a unique, non-partial index
    /// that are all `NOT NULL`.
    ///
    /// A non-optional property on a column that allows NULL reads a NULL
    /// as an error: that is a warning (see ``validationWarnings(_:)``), or
    /// an error with `nullableColumns: .error`.
    ///
    /// ```swift
    /// try await dbQueue.read { db in try db.validate(Photo.self) }
    /// try await dbQueue.read { db in try db.validate(Photo.self, nullableColumns: .error) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The record type.
    ///   - nullableColumns: Whether a nullable column under a non-optional
    ///     property is a warning (the default: see
    ///     ``validationWarnings(_:)``) or an error.
    /// - Throws: ``TableSchemaError`` naming the column, its declared type
    ///   and the property's type, for the first mismatch;
    ///   ``RecordError`` (``RecordError/Code/noSuchTable``) when the table
    ///   does not exist, ``RecordError/Code/keyNotUnique`` when the
    ///   declared key is not unique.
    public func validate<Record: TypedTable>(_ type: Record.Type, nullableColumns: NullableColumnPolicy = .warning) throws {
        _ = try checkSchema(of: type, nullableColumns: nullableColumns)
    }

    /// What ``validate(_:nullableColumns:)`` checks, with its warnings: a
    /// non-optional property on a column that allows NULL (other than the
    /// rowid), whose NULL would fail to read.
    ///
    /// ```swift
    /// let warnings = try await dbQueue.read { db in try db.validationWarnings(Photo.self) }
    /// for warning in warnings { print(warning) }   // column "album" of table "photo" allows NULL, …
    /// ```
    ///
    /// - Parameter type: The record type.
    /// - Returns: The warnings, in declaration order.
    /// - Throws: What ``validate(_:nullableColumns:)`` throws.
    public func validationWarnings<Record: TypedTable>(_ type: Record.Type) throws -> [TableSchemaWarning] {
        try checkSchema(of: type, nullableColumns: .warning)
    }

    private func checkSchema<Record: TypedTable>(of type: Record.Type, nullableColumns: NullableColumnPolicy) throws
        -> [TableSchemaWarning] {
        let schema = Record.tableSchema
        guard try tableExists(schema.table) else {
            throw RecordError(code: .noSuchTable, table: schema.table, message: "\(Record.self) reads a table the database lacks")
        }
        let declared = try columns(in: schema.table)
        let primaryKey = declared.filter { $0.primaryKeyIndex > 0 }
        var warnings: [TableSchemaWarning] = []
        for column in schema.columns {
            guard let info = declared.first(where: { $0.name.sqlNameKey() == column.name.sqlNameKey() }) else {
                throw TableSchemaError(table: schema.table, column: column.name, declaredType: nil, recordType: "\(Record.self)",
                                       expected: column.expectedStorage(Record.self))
            }
            let affinity = ColumnAffinity(declaredType: info.declaredType)
            // Date text never looks like a number: `DATE` and `DATETIME`
            // columns (NUMERIC affinity) keep it as text.
            let fitsDateText = column.kind == .date && affinity == .numeric
            if !fitsDateText, let storage = column.expectedStorage(Record.self), !affinity.accepts(storage) {
                throw TableSchemaError(table: schema.table, column: column.name, declaredType: info.declaredType,
                                       recordType: "\(Record.self)", expected: storage)
            }
            // An INTEGER PRIMARY KEY is the rowid: never NULL.
            let isRowID = primaryKey.count == 1 && info.primaryKeyIndex == 1 && info.declaredType.sqlNameKey() == "integer"
            guard !column.isOptional, !info.isNotNull, !isRowID else { continue }
            let warning = TableSchemaWarning(table: schema.table, column: column.name, recordType: "\(Record.self)")
            if nullableColumns == .error {
                throw TableSchemaError(table: schema.table, column: column.name, declaredType: info.declaredType,
                                       recordType: "\(Record.self)", expected: nil, isNullabilityMismatch: true)
            }
            warnings.append(warning)
        }
        try checkUniqueKey(of: Record.self)
        return warnings
    }
}

/// What ``Database/validate(_:nullableColumns:)`` does with a column that
/// allows NULL under a non-optional property.
public enum NullableColumnPolicy: Sendable, Hashable {
    /// A ``TableSchemaWarning`` (``Database/validationWarnings(_:)``).
    case warning
    /// Throw a ``TableSchemaError``.
    case error
}

/// A column that allows NULL under a non-optional property: reading a
/// NULL there fails (``Database/validate(_:nullableColumns:)``).
public struct TableSchemaWarning: Sendable, Hashable, CustomStringConvertible {
    /// The table.
    public let table: String
    /// The column.
    public let column: String
    /// The record type.
    public let recordType: String

    /// `column "album" of table "photo" allows NULL, which Photo's non-optional property cannot read`
    public var description: String {
        "column \"\(column)\" of table \"\(table)\" allows NULL, which \(recordType)'s non-optional property cannot read: "
            + "make the property optional, or the column NOT NULL"
    }
}

/// A typed record does not match its table: a column is missing or of an
/// incompatible declared type (see ``Database/validate(_:nullableColumns:)``).
public struct TableSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The table.
    public let table: String
    /// The record's column.
    public let column: String
    /// The table's declared type for the column, or nil when the table
    /// lacks it.
    public let declaredType: String?
    /// The record type.
    public let recordType: String
    /// How the record stores the column, when it says.
    public let expected: DatabaseValue.StorageClass?
    /// Whether the column allows NULL under a non-optional property
    /// (`validate(_:nullableColumns: .error)`), rather than lacks or
    /// mistypes the column.
    public var isNullabilityMismatch = false

    /// `table "photo" has no column "rating", which Photo declares (INTEGER)`
    public var description: String {
        let stored = expected.map { " (stored as \($0.rawValue.uppercased()))" } ?? ""
        if isNullabilityMismatch {
            return TableSchemaWarning(table: table, column: column, recordType: recordType).description
        }
        guard let declaredType else {
            return "table \"\(table)\" has no column \"\(column)\", which \(recordType) declares\(stored)"
        }
        return "column \"\(column)\" of table \"\(table)\" is declared \(declaredType.isEmpty ? "without a type" : declaredType), "
            + "incompatible with \(recordType)'s property\(stored)"
    }
}

extension TableSchema.Column {
    /// How a record stores this column, with its strategies.
    func expectedStorage<Record: TypedTable>(_ record: Record.Type) -> DatabaseValue.StorageClass? {
        switch kind {
        case .value(let storage): storage
        case .json: .text
        case .any: nil
        case .date:
            switch Record.databaseDateEncodingStrategy {
            case .iso8601: .text
            case .timeIntervalSince1970: .real
            case .millisecondsSince1970: .integer
            }
        case .uuid: Record.databaseUUIDEncodingStrategy == .bytes ? .blob : .text
        }
    }
}

/// A column's type affinity, from its declared type (SQLite's rules,
/// "Determination Of Column Affinity").
enum ColumnAffinity {
    case integer, text, blob, real, numeric

    init(declaredType: String) {
        // ASCII letters in any case, as SQLite reads a type name: `ınt`
        // (a dotless i) is no `INT`, though Swift's uppercasing makes it one.
        let type = declaredType.sqlNameKey()
        if type.containsScalars("int") { self = .integer }
        else if type.containsScalars("char") || type.containsScalars("clob") || type.containsScalars("text") { self = .text }
        else if type.containsScalars("blob") || type.isEmpty { self = .blob }
        else if type.containsScalars("real") || type.containsScalars("floa") || type.containsScalars("doub") { self = .real }
        else { self = .numeric }
    }

    /// Whether values of a storage class keep their class in the column.
    func accepts(_ storage: DatabaseValue.StorageClass) -> Bool {
        switch storage {
        case .integer, .real: self != .text
        case .text: self == .text || self == .blob
        case .blob: self == .text || self == .blob
        case .null: true
        }
    }
}
