@testable import PlumeCLI
import Testing

/// Which command lines `plume` hands to the shell, and which to its own
/// subcommands.
@Suite struct PlumeCommandTests {
    @Test func whatGoesToTheShell() {
        #expect(PlumeCommand.shellArguments([]) == [])
        #expect(PlumeCommand.shellArguments(["photos.db", "SELECT 1"]) == ["photos.db", "SELECT 1"])
        #expect(PlumeCommand.shellArguments(["-help"]) == ["-help"])
        #expect(PlumeCommand.shellArguments(["-version"]) == ["-version"])
        #expect(PlumeCommand.shellArguments(["repl", "-bail", "db"]) == ["-bail", "db"])
        #expect(PlumeCommand.shellArguments(["--", "query"]) == ["query"])
        #expect(PlumeCommand.shellArguments(["repl", "--help"]) == nil)
        for plumes in [["--help"], ["-h"], ["help"], ["--version"], ["query", "db", "SELECT 1"], ["migrate", "up"],
                       ["watch"], ["history"], ["sync", "run", "db"], ["demo"]] {
            #expect(PlumeCommand.shellArguments(plumes) == nil, "\(plumes)")
        }
    }
}
