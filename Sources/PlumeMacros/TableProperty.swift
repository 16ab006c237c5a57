import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacros

/// One stored property of a `@Table` struct: a column.
struct TableProperty {
    /// The property's name.
    var name: String
    /// The column's name: `@Column("name")`, else the property's.
    var column: String
    /// The declared type, as written.
    var type: TypeSyntax
    /// Whether `@Column(primaryKey: true)` marks it.
    var isPrimaryKey: Bool
    /// The SQL expression a nil value inserts (`@Column(default:)`).
    var defaultSQL: String? = nil
    /// `#sourceLocation(file: …, line: …)` of the declared type, so that
    /// the compiler reports an unsupported type at the property; nil where
    /// the location is unknown (macro tests).
    var sourceLocation: String? = nil

    /// The name without backticks.
    var unescapedName: String { name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name }

    /// The columns of a struct, in declaration order, diagnosing what
    /// cannot be one; nil when a diagnosed error leaves no sound expansion.
    static func columns(of members: MemberBlockItemListSyntax, in context: some MacroExpansionContext) -> [TableProperty]? {
        var properties: [TableProperty] = []
        var isSound = true
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic else { continue }
            let marker = ColumnMarker(variable.attributes, in: context)
            if marker == nil { isSound = false }
            for binding in variable.bindings where binding.isStored {
                guard let property = property(binding, of: variable, marker: marker, in: context) else {
                    isSound = false
                    continue
                }
                properties.append(property)
            }
        }
        return isSound ? properties : nil
    }

    /// The column of one binding, or nil after diagnosing why it is none.
    private static func property(
        _ binding: PatternBindingSyntax, of variable: VariableDeclSyntax, marker: ColumnMarker?,
        in context: some MacroExpansionContext
    ) -> TableProperty? {
        if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) }) {
            context.diagnose(Diagnostic(node: variable, message: TableDiagnostic.lazyProperty))
            return nil
        }
        guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
            context.diagnose(Diagnostic(node: binding.pattern, message: TableDiagnostic.tupleProperty))
            return nil
        }
        guard let type = binding.typeAnnotation?.type ?? variable.bindings.lastTypeAnnotation(after: binding) else {
            context.diagnose(Diagnostic(node: binding.pattern, message: TableDiagnostic.missingType,
                                        fixIts: missingTypeFixIts(binding)))
            return nil
        }
        if type.is(TupleTypeSyntax.self) {
            context.diagnose(Diagnostic(node: type, message: TableDiagnostic.tupleType))
            return nil
        }
        if variable.bindingSpecifier.tokenKind == .keyword(.let), binding.initializer != nil {
            context.diagnose(Diagnostic(
                node: variable.bindingSpecifier, message: TableDiagnostic.letWithDefault,
                fixIts: [FixIt(message: TableFixIt(message: "replace 'let' with 'var'"), changes: [
                    .replace(oldNode: Syntax(variable.bindingSpecifier),
                             newNode: Syntax(variable.bindingSpecifier.with(\.tokenKind, .keyword(.var)))),
                ])]))
            return nil
        }
        let name = identifier.identifier.trimmedDescription
        let unescaped = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
        var property = TableProperty(name: name, column: marker?.column ?? unescaped, type: type.trimmed,
                                     isPrimaryKey: marker?.isPrimaryKey ?? false, defaultSQL: marker?.defaultSQL)
        if let node = marker?.defaultNode, !type.isOptional {
            context.diagnose(Diagnostic(node: node, message: TableDiagnostic.defaultOnNonOptional))
            return nil
        }
        if let location = context.location(of: type, at: .afterLeadingTrivia, filePathMode: .filePath) {
            property.sourceLocation = "#sourceLocation(file: \(location.file.trimmedDescription), line: \(location.line.trimmedDescription))"
        }
        return property
    }

    /// `var rating = 0` → `var rating: Int = 0`, when a literal tells the type.
    private static func missingTypeFixIts(_ binding: PatternBindingSyntax) -> [FixIt] {
        guard let value = binding.initializer?.value else { return [] }
        let type: String? = switch value.kind {
        case .integerLiteralExpr: "Int"
        case .floatLiteralExpr: "Double"
        case .stringLiteralExpr: "String"
        case .booleanLiteralExpr: "Bool"
        default: nil
        }
        guard let type else { return [] }
        let annotated = binding
            .with(\.pattern, binding.pattern.trimmed)
            .with(\.typeAnnotation, TypeAnnotationSyntax(
                colon: .colonToken(trailingTrivia: .space),
                type: IdentifierTypeSyntax(name: .identifier(type), trailingTrivia: .space)))
        return [FixIt(message: TableFixIt(message: "declare it as '\(type)'"), changes: [
            .replace(oldNode: Syntax(binding), newNode: Syntax(annotated)),
        ])]
    }
}

/// What `@Column(…)` says of a property.
struct ColumnMarker {
    var column: String?
    var isPrimaryKey = false
    /// `@Column(default: "CURRENT_TIMESTAMP")`: the SQL a nil value
    /// inserts.
    var defaultSQL: String?
    /// The `default:` argument, to point at.
    var defaultNode: ExprSyntax?

    /// Reads the `@Column` attribute, if any; nil after diagnosing a name
    /// that is not a string literal.
    init?(_ attributes: AttributeListSyntax, in context: some MacroExpansionContext) {
        guard let attribute = attributes.columnAttribute, case .argumentList(let arguments) = attribute.arguments else { return }
        for argument in arguments {
            switch argument.label?.text {
            case nil:
                guard let literal = argument.expression.stringLiteralValue(in: context, naming: .invalidColumnName) else {
                    return nil
                }
                column = literal
            case "primaryKey":
                isPrimaryKey = argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
            case "default":
                guard let literal = argument.expression.stringLiteralValue(in: context, naming: .invalidDefault) else { return nil }
                defaultSQL = literal
                defaultNode = argument.expression
            default:
                break
            }
        }
    }
}

extension AttributeListSyntax {
    /// `@Column(…)` or `@Persistence.Column(…)`.
    var columnAttribute: AttributeSyntax? {
        for element in self {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let name = attribute.attributeName.trimmedDescription
            if name == "Column" || name == "Persistence.Column" { return attribute }
        }
        return nil
    }
}

extension TypeSyntaxProtocol {
    /// `T?`, `T!` or `Optional<T>`, as written.
    var isOptional: Bool {
        if self.is(OptionalTypeSyntax.self) || self.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        guard let identifier = self.as(IdentifierTypeSyntax.self) else { return false }
        return identifier.name.text == "Optional" && identifier.genericArgumentClause != nil
    }
}

extension VariableDeclSyntax {
    var isStatic: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// The `primaryKey:` argument of `@Column`, to point at.
    var primaryKeyArgument: Syntax? {
        guard case .argumentList(let arguments) = attributes.columnAttribute?.arguments else { return nil }
        return arguments.first { $0.label?.text == "primaryKey" }.map(Syntax.init)
    }
}

extension PatternBindingSyntax {
    /// Whether the binding stores a value (no getter; observers allowed).
    var isStored: Bool {
        switch accessorBlock?.accessors {
        case nil: return true
        case .getter: return false
        case .accessors(let list):
            return !list.contains { [.keyword(.get), .keyword(.set), .keyword(._read), .keyword(._modify)].contains($0.accessorSpecifier.tokenKind) }
        }
    }
}

extension PatternBindingListSyntax {
    /// In `var a, b: Int`, `a`'s type is the next annotation's.
    func lastTypeAnnotation(after binding: PatternBindingSyntax) -> TypeSyntax? {
        guard let start = firstIndex(where: { $0.id == binding.id }) else { return nil }
        return self[start...].first { $0.typeAnnotation != nil }?.typeAnnotation?.type
    }
}

extension ExprSyntax {
    /// What a string literal means to Swift: escapes (`\"`, `\\`, `\t`,
    /// `\u{E9}`) resolved, raw (`#"…"#`) and multi-line literals read as
    /// the compiler reads them. Interpolation, or anything but a string
    /// literal, is diagnosed with `message`: a macro sees syntax, not
    /// values.
    func stringLiteralValue(in context: some MacroExpansionContext, naming message: TableDiagnostic) -> String? {
        guard let literal = self.as(StringLiteralExprSyntax.self) else {
            context.diagnose(Diagnostic(node: self, message: message))
            return nil
        }
        if literal.segments.contains(where: { $0.is(ExpressionSegmentSyntax.self) }) {
            context.diagnose(Diagnostic(node: self, message: TableDiagnostic.interpolatedName))
            return nil
        }
        guard let value = literal.representedLiteralValue else {
            context.diagnose(Diagnostic(node: self, message: message))
            return nil
        }
        return value
    }
}

extension String {
    /// The Swift string literal of the text: quotes, backslashes and
    /// control characters escaped, so that a name such as `quote"d` or one
    /// spanning lines means the same in the generated code.
    var swiftLiteral: String {
        var literal = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\t": literal += "\\t"
            case "\r": literal += "\\r"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// The name as SQLite compares names: ASCII letters lowercased, every
    /// other character kept (`ID` is `id`; `É` is not `é`).
    var sqlNameKey: String {
        String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The text on one line, for a doc comment: line breaks and other
    /// control characters as Swift would escape them.
    var docCommentText: String {
        let literal = swiftLiteral
        return String(literal.dropFirst().dropLast())
    }
}
