import Foundation
import PlumeTestSupport
import Testing

/// `--help` of every command in an 80-column terminal: examples, and
/// discussion lines that argument-parser never has to break (it would cut
/// example commands and JSON shapes mid-way).
@Suite struct HelpTests {
    @Test(arguments: [[], ["repl"], ["query"], ["watch"], ["demo"], ["migrate"], ["migrate", "up"],
                      ["migrate", "down"], ["migrate", "status"], ["migrate", "validate"], ["migrate", "new"]])
    func helpFitsEightyColumnsWithExamples(command: [String]) throws {
        let result = try PlumeProcess.plume(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        // argument-parser never wraps the usage line.
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("USAGE: ") }
        for line in lines {
            #expect(line.count <= 80, "\(command): \(line)")
        }
        #expect(result.stdout.contains("Examples:\n  plume "), "\(command)")
    }

    @Test func watchHelpShowsTheJSONShapeWhole() throws {
        let result = try PlumeProcess.plume(["watch", "--help"], environment: ["COLUMNS": "80"])
        #expect(result.stdout.contains("""
              {"event":"initial",
               "sections":[{"name":…,"rows":[ROW,…]},…]}
            """))
        #expect(result.stdout.contains("\n           \"moved\":[{\"from\":[S,R],\"to\":[S,R],\"row\":ROW},…],\n"))
    }
}
