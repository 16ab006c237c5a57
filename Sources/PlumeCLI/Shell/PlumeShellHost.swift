import PlumeShell

extension ShellHost {
    /// What `plume` gives its shell: its name and version for the banner,
    /// and the dot-commands beyond `sqlite3`'s, `.migrate` and `.watch`.
    static let plume = ShellHost(name: "Plume", version: PlumeVersion.current,
                                 dotCommands: [Shell.migrateCommand, Shell.watchCommand])
}
