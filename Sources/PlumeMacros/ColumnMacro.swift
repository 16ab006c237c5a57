import SwiftSyntax
import SwiftSyntaxMacros

/// `@Column`: a marker `@Table` reads (the column's name, whether it is the
/// primary key). It generates nothing itself.
public struct ColumnMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
