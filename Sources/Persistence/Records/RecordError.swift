/// A record could not be persisted: no row has its primary key, its table
/// has no primary key, or it does not encode what a statement needs.
///
/// ```swift
/// do {
///     try photo.update(db)
/// } catch let error as RecordError where error.code == .recordNotFound {
///     try photo.insert(db)
/// }
/// ```
public struct RecordError: Error, Sendable, CustomStringConvertible {
    /// What went wrong. New codes may be added: switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case recordNotFound, noPrimaryKey, missingPrimaryKeyValue, encodingFailed, noSuchTable, keyNotUnique, valueOutOfRange
        }
        private let base: Base

        /// No row has the record's primary key.
        public static let recordNotFound = Code(base: .recordNotFound)
        /// The table has no explicit primary key.
        public static let noPrimaryKey = Code(base: .noPrimaryKey)
        /// The record does not encode a primary key column, or encodes it
        /// as NULL where a value is needed.
        public static let missingPrimaryKeyValue = Code(base: .missingPrimaryKeyValue)
        /// The record does not encode into columns.
        public static let encodingFailed = Code(base: .encodingFailed)
        /// The record's table does not exist.
        public static let noSuchTable = Code(base: .noSuchTable)
        /// The key a record declares does not identify one row: it is
        /// neither the table's primary key nor the columns of a unique
        /// index whose columns are all NOT NULL.
        public static let keyNotUnique = Code(base: .keyNotUnique)
        /// A stored number does not fit the property's type (300 in a
        /// `UInt8`), or a value does not fit SQLite's 64-bit integers.
        public static let valueOutOfRange = Code(base: .valueOutOfRange)

        public var description: String {
            switch base {
            case .recordNotFound: "record not found"
            case .noPrimaryKey: "no primary key"
            case .missingPrimaryKeyValue: "missing primary key value"
            case .encodingFailed: "encoding failed"
            case .noSuchTable: "no such table"
            case .keyNotUnique: "key not unique"
            case .valueOutOfRange: "value out of range"
            }
        }
    }

    /// What went wrong.
    public let code: Code
    /// The table of the record.
    public let table: String
    /// A sentence for people.
    public let message: String

    /// Creates an error.
    public init(code: Code, table: String, message: String) {
        self.code = code
        self.table = table
        self.message = message
    }

    /// `record not found in table "photo": no row has id = 42`
    public var description: String {
        "\(code) in table \"\(table)\": \(message)"
    }
}
