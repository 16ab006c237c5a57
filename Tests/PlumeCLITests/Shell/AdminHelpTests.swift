import Foundation
import PlumeTestSupport
import Testing

/// `.help` against `sqlite3` 3.40.1: every command's line and details, the
/// `-all` listing and the pattern rules (a prefix glob, else LIKE).
///
/// Left out of the comparison: Plume's own `.migrate` and `.watch`; the
/// commands other parts of the shell provide (`.import`, `.output`,
/// `.once`, `.excel`, `.parameter`, `.databases`, `.eqp`, `.explain`,
/// `.fullschema`, `.trace`, `.stats`, `.prompt`, `.timeout`); and the
/// details Plume words for its own `.mode`, `.open` and `.read`.
@Suite struct AdminHelpTests {
    static let leftOut: Set<String> = [
        ".migrate", ".watch", ".import", ".output", ".once", ".excel", ".parameter", ".databases", ".eqp", ".explain",
        ".fullschema", ".trace", ".stats", ".prompt", ".timeout", ".mode", ".open", ".read",
    ]

    /// The help text as blocks (a command's line and its details), less
    /// the commands left out.
    static func blocks(_ text: String) -> [String] {
        var blocks: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix(".") || blocks.isEmpty {
                blocks.append(String(line))
            } else {
                blocks[blocks.count - 1] += "\n" + line
            }
        }
        return blocks.filter { block in
            !leftOut.contains(String(block.prefix { $0 != " " && $0 != "\n" }))
        }
    }

    static func help(_ arguments: String) throws -> (plume: ProcessResult, sqlite: ProcessResult) {
        let script = ".help \(arguments)\n"
        return (try PlumeProcess.plume([":memory:"], stdin: script), try PlumeProcess.sqlite3([":memory:"], stdin: script))
    }

    /// sqlite3's commands, from its `.help`.
    static var sqliteCommands: [String] {
        get throws {
            try PlumeProcess.sqlite3([":memory:", ".help"]).stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }.dropFirst()) }
        }
    }

    @Test(arguments: ["", "-all", "--all", "-a", "0", "01"])
    func listingsMatch(_ arguments: String) throws {
        let outcome = try Self.help(arguments)
        #expect(Self.blocks(outcome.plume.stdout) == Self.blocks(outcome.sqlite.stdout))
        #expect(outcome.plume.stderr == outcome.sqlite.stderr)
        #expect(outcome.plume.status == outcome.sqlite.status)
    }

    @Test func everySQLite3CommandHasHelp() throws {
        let commands = try Self.sqliteCommands
        #expect(commands.count == 66) // sqlite3 3.40.1 (Debian) lists 66 commands
        for command in commands where !Self.leftOut.contains("." + command) {
            let outcome = try Self.help(command)
            #expect(outcome.plume.stdout == outcome.sqlite.stdout, "\(command)")
        }
    }

    /// Patterns: prefixes of one or several commands, globs, LIKE matches
    /// in any line (case-insensitive, with `%` and `_`), nothing at all.
    @Test(arguments: ["lint", "li", "se", "sess", "sha3", "ses", "vfs", "tes", "l*", "tab[l]", "?ackup", "NEG", "neg", "rowid",
                      "x%", "%session%", "ur_", "SHA3-5", "nothing matches this", "'two words'", "\"qu\\\"ote\"", "lo", "bi"])
    func patternsMatch(_ arguments: String) throws {
        let outcome = try Self.help(arguments)
        #expect(Self.blocks(outcome.plume.stdout) == Self.blocks(outcome.sqlite.stdout))
        #expect(outcome.plume.status == outcome.sqlite.status)
    }
}
