import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Table`: conforms a struct to `TypedTable` (and so to `TableRecord`,
/// `FetchableRecord` and `PersistableRecord`), with a typed column per
/// stored property, an `init(row:)` that reads columns by position from
/// the table's own `SELECT`, and an encoding that needs no `Encodable`.
public struct TableMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structure = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: TableDiagnostic.notAStruct))
            return []
        }
        if let generics = structure.genericParameterClause {
            context.diagnose(Diagnostic(node: generics, message: TableDiagnostic.genericStruct))
            return []
        }
        var tableName = defaultTableName(structure.name.text)
        var keyList: [(name: String, node: ExprSyntax)]?
        if case .argumentList(let arguments) = node.arguments {
            for argument in arguments {
                switch argument.label?.text {
                case nil:
                    guard let name = argument.expression.stringLiteralValue(in: context, naming: .invalidTableName) else { return [] }
                    tableName = name
                case "primaryKey":
                    guard let list = primaryKeyList(argument.expression, in: context) else { return [] }
                    keyList = list
                default:
                    continue
                }
            }
        }
        for member in structure.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.isStatic,
                  let binding = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self),
                  binding.identifier.text == "databaseDateDecodingStrategy" else { continue }
            context.diagnose(Diagnostic(node: binding, message: TableDiagnostic.separateDateDecoding))
            return []
        }
        guard let properties = TableProperty.columns(of: structure.memberBlock.members, in: context),
              let keys = primaryKey(of: properties, list: keyList, members: structure.memberBlock.members, in: context)
        else { return [] }
        let generator = TableExpansion(
            typeName: type.trimmedDescription, tableName: tableName, properties: properties, keyColumns: keys,
            access: accessModifier(of: structure))
        // Inherited conformances are spelled out: an extension macro's
        // conformance does not bring its protocol's parents along.
        var conformances = "Persistence.TypedTable, Persistence.TableRecord, Persistence.FetchableRecord, Persistence.InsertableRecord"
        if !generator.keyColumns.isEmpty {
            conformances += ", Persistence.PersistableRecord"
        }
        let decl: DeclSyntax = """
            extension \(type.trimmed): \(raw: conformances) {
            \(raw: generator.members)
            }
            """
        return [decl.cast(ExtensionDeclSyntax.self)]
    }

    /// The names of `@Table(primaryKey: ["a", "b"])`, each a string
    /// literal; nil after a diagnostic.
    static func primaryKeyList(_ expression: ExprSyntax, in context: some MacroExpansionContext) -> [(name: String, node: ExprSyntax)]? {
        guard let array = expression.as(ArrayExprSyntax.self), !array.elements.isEmpty else {
            context.diagnose(Diagnostic(node: expression, message: TableDiagnostic.invalidPrimaryKeyList))
            return nil
        }
        var names: [(name: String, node: ExprSyntax)] = []
        for element in array.elements {
            guard let name = element.expression.stringLiteralValue(in: context, naming: .invalidPrimaryKeyList) else { return nil }
            names.append((name, element.expression))
        }
        return names
    }

    /// The key's column names: the `@Table(primaryKey:)` list (property
    /// or column names), else the properties marked
    /// `@Column(primaryKey: true)`, else a column named `id`; nil after a
    /// diagnostic.
    static func primaryKey(
        of properties: [TableProperty], list: [(name: String, node: ExprSyntax)]?, members: MemberBlockItemListSyntax,
        in context: some MacroExpansionContext
    ) -> [String]? {
        guard let list else {
            let marked = properties.filter(\.isPrimaryKey).map(\.column)
            if !marked.isEmpty { return marked }
            return properties.first { $0.column.sqlNameKey == "id" }.map { [$0.column] } ?? []
        }
        var columns: [String] = []
        for (name, node) in list {
            guard let property = properties.first(where: { $0.unescapedName == name }) ?? properties.first(where: { $0.column == name }) else {
                context.diagnose(Diagnostic(node: node, message: TableMessage(
                    "no stored property or column is named \(name.swiftLiteral): the key lists the table's key properties")))
                return nil
            }
            guard !columns.contains(property.column) else {
                context.diagnose(Diagnostic(node: node, message: TableMessage("\(name.swiftLiteral) is listed twice")))
                return nil
            }
            columns.append(property.column)
        }
        var isSound = true
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), let argument = variable.primaryKeyArgument,
                  let marked = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self),
                  let property = properties.first(where: { $0.name == marked.identifier.trimmedDescription }), property.isPrimaryKey,
                  !columns.contains(property.column) else { continue }
            context.diagnose(Diagnostic(node: argument, message: TableMessage(
                "the key is @Table(primaryKey:)'s list, which lacks '\(property.unescapedName)': add it there, or remove 'primaryKey: true'")))
            isSound = false
        }
        return isSound ? columns : nil
    }

    /// The type's name with its first word lowercased, as GRDB names
    /// tables: `Photo` → `photo`, `PhotoAlbum` → `photoAlbum`,
    /// `HTTPRequest` → `httpRequest`.
    static func defaultTableName(_ typeName: String) -> String {
        let characters = Array(typeName)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        // In `HTTPRequest`, the `R` starts the next word.
        let lowered = upperRun > 1 && upperRun < characters.count ? upperRun - 1 : upperRun
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    /// `public `, `package ` or nothing: the members the conformance
    /// needs are as visible as the type.
    static func accessModifier(of structure: StructDeclSyntax) -> String {
        for modifier in structure.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }
}

/// The source text of a `@Table` extension's members.
struct TableExpansion {
    var typeName: String
    var tableName: String
    var properties: [TableProperty]

    /// The primary key's column names (empty without one).
    var keyColumns: [String]
    var access: String

    var members: String {
        var lines: [String] = []
        lines.append("""
                /// The table's name.
                \(access)static var databaseTableName: String { \(literal(tableName)) }

                /// A typed column per stored property, for requests:
                /// `\(typeName).all().where { $0.name == "…" }`.
                \(access)struct Columns: Sendable {
            """)
        for (index, property) in properties.enumerated() {
            lines.append("""
                    /// The `\(property.column.docCommentText)` column.
                    \(access)let \(property.name) = Persistence.TableColumn<\(typeName), \(property.type)>(\(literal(property.column)), at: \(index))
            """)
        }
        lines.append("""
                }

                /// The typed columns.
                \(access)static let columns = Columns()

                /// The columns, in declaration order.
                \(access)static let tableSchema = Persistence.TableSchema(table: \(literal(tableName)), columns: [
            """)
        for property in properties {
            let key = keyColumns.contains(property.column) ? ", primaryKey: true" : ""
            let defaultSQL = property.defaultSQL.map { ", defaultSQL: \(literal($0))" } ?? ""
            lines.append("        Persistence.TableSchema.Column(\(literal(property.column)), \(property.type).self\(key)\(defaultSQL)),")
        }
        lines.append("""
                ])

                /// Reads a record from a row: by position from the table's own
                /// `SELECT`, by column name from any other query.
                \(access)init(row: borrowing Persistence.RowView) throws {
                    let reader = Persistence.TableRowReader<Self>(row, dates: Self.databaseDateEncodingStrategy.decodingStrategy)
            """)
        for (index, property) in properties.enumerated() {
            if let location = property.sourceLocation { lines.append(location) }
            lines.append("        self.\(property.name) = try reader.value(at: \(index), in: row)")
            if property.sourceLocation != nil { lines.append("#sourceLocation()") }
        }
        lines.append("""
                }

                /// Writes the columns in declaration order.
                \(access)func encode(to container: inout Persistence.PersistenceContainer) throws {
            """)
        for property in properties {
            if let location = property.sourceLocation { lines.append(location) }
            lines.append("        try container.encode(self.\(property.name), forColumn: \(literal(property.column)))")
            if property.sourceLocation != nil { lines.append("#sourceLocation()") }
        }
        lines.append("    }")
        if keyColumns.isEmpty {
            lines.append(keylessMembers)
        }
        return lines.joined(separator: "\n")
    }

    /// Without a primary key, a record cannot say which row it updates:
    /// the calls fail to compile, with the remedy.
    var keylessMembers: String {
        let message = literal("\(typeName) declares no primary key: mark its key property @Column(primaryKey: true)")
        return """

                @available(*, unavailable, message: \(message))
                \(access)func update(_ db: Persistence.Database) throws { fatalError() }

                @available(*, unavailable, message: \(message))
                \(access)func upsert(_ db: Persistence.Database) throws { fatalError() }

                @available(*, unavailable, message: \(message))
                @discardableResult
                \(access)func delete(_ db: Persistence.Database) throws -> Bool { fatalError() }
            """
    }

    /// A Swift string literal.
    private func literal(_ text: String) -> String {
        text.swiftLiteral
    }
}
