import Foundation
import Testing

/// `.read |COMMAND` and `.version` against sqlite3 3.40.1.
@Suite struct REPLReadAndVersionTests {
    @Test(arguments: [
        ".read '|echo SELECT 42;'\n",
        ".read '|printf \"SELECT 1;\\nSELECT 2;\\n\"'\nSELECT 3;\n",
        ".read '|exit 3'\nSELECT 'after';\n",
        ".read |false\n",
        ".read '|echo .bail on; echo SELECT nosuch;; echo SELECT 1;'\nSELECT 'after';\n",
        ".read\n",
        ".read missing.sql\n",
    ])
    func readMatchesSQLite3(_ script: String) throws {
        let outcome = try ShellComparison.run(script, setup: "CREATE TABLE t(x);")
        #expect(outcome.plume.stdout == outcome.sqlite.stdout)
        #expect(outcome.plume.stderr == outcome.sqlite.stderr)
        #expect(outcome.plume.status == outcome.sqlite.status)
    }

    /// The SQLite and zlib lines are sqlite3's; the last names the compiler
    /// that built the shell, Swift here (a difference the README lists).
    @Test func versionNamesTheLibraryAndZlibAsSQLite3Does() throws {
        let outcome = try ShellComparison.run(".version\n.ve\n")
        let plume = outcome.plume.stdout.split(separator: "\n")
        let sqlite = outcome.sqlite.stdout.split(separator: "\n")
        #expect(plume.count == sqlite.count)
        for (mine, theirs) in zip(plume, sqlite) where !theirs.hasPrefix("gcc-") && !theirs.hasPrefix("clang-") {
            #expect(mine == theirs)
        }
        #expect(plume.contains { $0.hasPrefix("swift-") })
        #expect(outcome.plume.status == 0)
    }
}
