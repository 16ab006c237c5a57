import Foundation
import PlumeTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shell run on a database file in this process, its output thrown
/// away: what the `database-file` fuzz target (Fuzz/) drives with damaged
/// databases.
///
/// `package` so that `plume-fuzz`, an executable of this package, reaches
/// it without `@testable` (which release builds do not allow).
package enum ShellDatabaseProbe {
    /// Runs the script at `scriptPath` on the database at `databasePath`,
    /// as `plume DATABASE < SCRIPT` would, writing its output to
    /// `/dev/null` (errors still go to standard error).
    package static func run(scriptAt scriptPath: String, onDatabaseAt databasePath: String) {
        let descriptor = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let shell = Shell(deferring: DatabaseOpening(path: databasePath), interrupts: nil,
                          host: ShellHost(name: "plume-fuzz", version: "0"), output: OutputBuffer(fileDescriptor: descriptor))
        if let source = try? FileLineSource(path: scriptPath) {
            _ = shell.processInput(source)
        }
        shell.close()
    }
}
