import Foundation
import Testing

/// Scripts piped into `plume repl` and into `sqlite3` 3.40 on copies of the
/// same database print the same standard output and standard error, byte
/// for byte, and exit with the same status.
@Suite struct REPLCompatibilityTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var setup: String = ""
        var script: String
        var files: [String: String] = [:]
        var testDescription: String { name }
    }

    @Test(arguments: REPLScripts.all)
    func matchesSQLite3(_ script: Case) throws {
        let outcome = try ShellComparison.run(script.script, setup: script.setup, files: script.files)
        #expect(!outcome.sqlite.stdout.isEmpty || !outcome.sqlite.stderr.isEmpty, "sqlite3 printed nothing")
        #expect(ShellComparison.maskingTimes(outcome.plume.stdout) == ShellComparison.maskingTimes(outcome.sqlite.stdout))
        #expect(outcome.plume.stderr == outcome.sqlite.stderr)
        #expect(outcome.plume.status == outcome.sqlite.status)
    }

    @Test func timerPrintsSQLite3sFormat() throws {
        let outcome = try ShellComparison.run(".timer on\nSELECT 1;\n.timer off\nSELECT 2;\n")
        let lines = outcome.plume.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == "1")
        #expect(lines[1].wholeMatch(of: /Run Time: real \d+\.\d{3} user \d+\.\d{6} sys \d+\.\d{6}/) != nil)
        #expect(lines[2] == "2")
    }
}
