import CSQLite

/// What the program embedding the shell gives it: its version, for the
/// banner, and dot-commands of its own.
///
/// The shell knows nothing of the program around it: `plume` hands it
/// `.migrate` and `.watch`, which need `plume`'s migration and live-table
/// code, as values.
package struct ShellHost: Sendable {
    /// The program's name in the banner (`Plume`).
    package var name: String
    /// The program's version, `MAJOR.MINOR.PATCH`.
    package var version: String
    /// Dot-commands beyond `sqlite3`'s: `.help` lists them among the others.
    package var dotCommands: [DotCommand]

    package init(name: String, version: String, dotCommands: [DotCommand] = []) {
        (self.name, self.version, self.dotCommands) = (name, version, dotCommands)
    }

    /// The greeting on a terminal.
    func banner(inMemory: Bool) -> String {
        var text = "\(name) \(version) (SQLite \(String(cString: sqlite3_libversion())))\n"
        text += "Enter \".help\" for usage hints.\n"
        if inMemory {
            text += "Connected to a transient in-memory database.\n"
            text += "Use \".open FILENAME\" to reopen on a persistent database.\n"
        }
        return text
    }
}
