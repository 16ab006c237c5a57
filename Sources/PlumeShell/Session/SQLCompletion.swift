import CReadline
import CSQLite
import Foundation

// The words readline completes from. Readline's completion callbacks are C
// functions without a context pointer.
// Safe: readline and its callbacks run on the main thread only.
nonisolated(unsafe) private var completionSchema: [String: [String]] = [:]
nonisolated(unsafe) private var completionMatches: [String] = []
nonisolated(unsafe) private var completionIndex = 0
nonisolated(unsafe) private var completionCommands: [DotCommand] = []

/// Tab completion of SQL keywords, table and column names, and
/// dot-commands, through readline's `rl_attempted_completion_function`.
enum SQLCompletion {
    /// SQLite's keywords, upper case.
    static let keywords: [String] = (0..<sqlite3_keyword_count()).compactMap { index in
        var name: UnsafePointer<CChar>?
        var length: Int32 = 0
        guard sqlite3_keyword_name(index, &name, &length) == SQLITE_OK, let name else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: name, count: Int(length)), as: UTF8.self)
    }

    /// Installs the completion function, completing dot-commands from
    /// `commands`.
    static func install(commands: [DotCommand]) {
        completionCommands = commands
        ReadlineGlobals.setCompletionFunction { text, start, _ in
            ReadlineGlobals.setInt("rl_attempted_completion_over", 1) // never fall back to file names
            let word = text.map { String(cString: $0) } ?? ""
            let line = ReadlineGlobals.lineBuffer
            completionMatches = SQLCompletion.candidates(for: word, isCommand: start == 0 && line.hasPrefix("."),
                                                             commands: completionCommands)
            completionIndex = 0
            return rl_completion_matches(text) { _, _ in
                guard completionIndex < completionMatches.count else { return nil }
                defer { completionIndex += 1 }
                return strdup(completionMatches[completionIndex])
            }
        }
    }

    /// Replaces the tables (and their columns) offered.
    static func updateSchema(_ columnsByTable: [String: [String]]) {
        completionSchema = columnsByTable
    }

    /// The completions of `word`: the listed dot-commands of `commands` at
    /// the start of a dot-command line; `table.column` after a table name
    /// and a dot; else keywords (in the case the user types), table and
    /// column names.
    static func candidates(for word: String, isCommand: Bool, commands: [DotCommand]) -> [String] {
        if isCommand {
            return commands.filter(\.isListed).map { "." + $0.name }.filter { $0.hasPrefix(word) }.sorted()
        }
        if let dot = word.lastIndex(of: ".") {
            let table = word[..<dot].lowercased()
            let prefix = word[word.index(after: dot)...].lowercased()
            let columns = completionSchema.first { $0.key.lowercased() == table }?.value ?? []
            return columns.filter { $0.lowercased().hasPrefix(prefix) }.map { word[...dot] + $0 }.sorted()
        }
        let names = Set(completionSchema.keys).union(completionSchema.values.joined())
        guard !word.isEmpty else { return names.sorted() }
        let lowered = word.lowercased()
        let useLowercase = word.first?.isLowercase ?? false
        var result = Set<String>()
        for keyword in keywords where keyword.lowercased().hasPrefix(lowered) {
            result.insert(useLowercase ? keyword.lowercased() : keyword)
        }
        for name in names where name.lowercased().hasPrefix(lowered) {
            result.insert(name)
        }
        return result.sorted()
    }
}

extension Shell {
    /// The tables and views of the main schema with their columns, for
    /// completion (through the library's schema introspection).
    func completionSchema() -> [String: [String]] {
        var names: [String] = []
        forEachRow("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY name") { statement in
            if let name = Shell.columnBytes(statement, 0) { names.append(String(decoding: name, as: UTF8.self)) }
        }
        var schema: [String: [String]] = [:]
        for name in names {
            schema[name] = ((try? database.columns(in: name)) ?? []).map(\.name)
        }
        return schema
    }
}
