import ArgumentParser
import Foundation

/// `plume sync …`: runs the `plume-sync` program installed next to
/// `plume`, which holds the sync server and agent (HTTP, PostgreSQL), so
/// that the shell neither links nor loads them.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync databases through PostgreSQL (serve, run, status): runs plume-sync, installed next to plume.",
        discussion: """
            Examples:
              plume sync serve --postgres postgresql://plume@127.0.0.1/plume --listen 127.0.0.1:8080 --tokens tokens.txt
              plume sync run notes.sqlite --server http://127.0.0.1:8080 --token TOKEN --tables note
              plume sync status notes.sqlite
            """)

    @Argument(parsing: .captureForPassthrough, help: "serve, run or status, and their arguments (plume sync help).")
    var arguments: [String] = []

    func run() throws {
        let program = try Self.siblingProgram()
        let arguments = self.arguments.isEmpty ? ["--help"] : self.arguments
        var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(program, argv)
        // execv returns only when it failed.
        throw ValidationError("cannot run \(program): \(String(cString: strerror(errno)))")
    }

    /// The `plume-sync` next to the running `plume`.
    static func siblingProgram() throws -> String {
        #if os(Linux)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
        #endif
        let program = executable.deletingLastPathComponent().appendingPathComponent("plume-sync").path
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw ValidationError("plume sync needs the plume-sync program next to plume, and there is none at \(program) (swift build --product plume-sync builds it; install it beside plume)")
        }
        return program
    }
}
