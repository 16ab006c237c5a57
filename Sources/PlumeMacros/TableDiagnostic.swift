import SwiftDiagnostics
import SwiftSyntax

/// The messages `@Table` and `@Column` report on the line at fault.
enum TableDiagnostic: String, DiagnosticMessage {
    case notAStruct
    case genericStruct
    case letWithDefault
    case tupleProperty
    case tupleType
    case missingType
    case lazyProperty
    case invalidTableName
    case invalidColumnName
    case interpolatedName
    case invalidPrimaryKeyList
    case separateDateDecoding
    case invalidDefault
    case defaultOnNonOptional

    var message: String {
        switch self {
        case .notAStruct:
            "@Table applies to a struct: its stored properties are the table's columns"
        case .genericStruct:
            "@Table applies to a non-generic struct: a table's columns have one type each"
        case .letWithDefault:
            "a 'let' with a default value cannot be read from a row: make it a 'var', or a computed property"
        case .tupleProperty:
            "one property per column: declare each name of the tuple pattern on its own line"
        case .tupleType:
            "a tuple cannot be a column: store its parts in columns of their own, or use a Codable struct (stored as JSON text)"
        case .missingType:
            "a column needs an explicit type: @Table reads declarations, not inferred types"
        case .lazyProperty:
            "a lazy property cannot be a column: make it a plain 'var' or a computed property"
        case .invalidTableName:
            "the table name must be a string literal"
        case .invalidColumnName:
            "the column name must be a string literal"
        case .invalidPrimaryKeyList:
            "primaryKey: takes an array of string literals naming the key's properties, as [\"albumID\", \"position\"]"
        case .invalidDefault:
            "the default must be a string literal of SQL, as \"CURRENT_TIMESTAMP\" or \"0\""
        case .defaultOnNonOptional:
            "a default is what a nil value inserts: make the property optional"
        case .separateDateDecoding:
            "a @Table record reads dates as it writes them: set databaseDateEncodingStrategy alone, and it decodes with the same strategy"
        case .interpolatedName:
            "a name cannot use string interpolation: @Table reads the literal when it expands, before any value exists"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "PlumeMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}

/// A message that names what is at fault.
struct TableMessage: DiagnosticMessage {
    let message: String
    init(_ message: String) { self.message = message }
    var diagnosticID: MessageID { MessageID(domain: "PlumeMacros", id: message) }
    var severity: DiagnosticSeverity { .error }
}

/// A fix-it's label.
struct TableFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "PlumeMacros", id: message) }
}
