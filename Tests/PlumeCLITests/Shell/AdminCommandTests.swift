import Foundation
import PlumeTestSupport
import Testing

/// `sqlite3` 3.40.1's administrative dot-commands (`.lint`, `.log`,
/// `.sha3sum`, `.connection`, `.session`, …): plume and sqlite3 run the
/// same scripts and print the same standard output and standard error,
/// byte for byte, exit with the same status and leave the same files.
@Suite struct AdminCommandTests {
    @Test(arguments: AdminCommandCases.all)
    func matchesSQLite3(_ testCase: CommandLineComparison.Case) throws {
        let outcome = try CommandLineComparison.run(testCase)
        #expect(outcome.plume.stdout == outcome.sqlite.stdout)
        #expect(outcome.plume.stderr == outcome.sqlite.stderr)
        #expect(outcome.plume.status == outcome.sqlite.status)
        #expect(outcome.plume.files == outcome.sqlite.files)
    }

    /// Whether plume has the shell's file functions (`fsdir`, `lsmode`,
    /// `writefile`) that `.archive` runs.
    static let hasFileFunctions = (try? PlumeProcess.plume([":memory:", "SELECT lsmode(0), writefile(NULL, NULL)"]).status) == 0

    @Test(.enabled(if: hasFileFunctions), arguments: AdminCommandCases.archiveWithFiles)
    func archivesMatchSQLite3(_ testCase: CommandLineComparison.Case) throws {
        try matchesSQLite3(testCase)
    }

    /// `.vfslist` lists the same VFSes, less `apndvfs`, which sqlite3
    /// builds in and the SQLite library lacks.
    @Test(arguments: [[":memory:"], ["test.db"]])
    func vfsListMatchesButForAppendVFS(_ arguments: [String]) throws {
        let outcome = try CommandLineComparison.run(.init(name: ".vfslist", arguments: arguments, stdin: ".vfslist\n"))
        let separator = "-----------------------------------\n"
        let sqliteEntries = outcome.sqlite.stdout.components(separatedBy: separator).map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }
        let expected = sqliteEntries.filter { !$0.hasPrefix("vfs.zName      = \"apndvfs\"") }.joined(separator: separator)
        #expect(sqliteEntries.contains { $0.hasPrefix("vfs.zName      = \"apndvfs\"") })
        #expect(outcome.plume.stdout == expected)
        #expect(outcome.plume.status == outcome.sqlite.status)
    }
}
