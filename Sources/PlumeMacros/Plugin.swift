import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plug-in that serves Plume's macros.
@main
struct PlumeMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [TableMacro.self, ColumnMacro.self]
}
