extension Shell {
    /// Dot-commands beyond those of the `sqlite3` shell.
    static let extraDotCommands: [DotCommand] = [
        DotCommand(name: "migrate", minimumLength: 3, usage: ".migrate status|up",
                   summary: "Show or apply schema migrations", details: Shell.migrateHelp) {
            $0.migrate($1)
        },
    ]
}
