extension Shell {
    /// Dot-commands beyond those of the `sqlite3` shell.
    static let extraDotCommands: [DotCommand] = [
        DotCommand(name: "migrate", minimumLength: 3, usage: ".migrate status|up",
                   summary: "Show or apply schema migrations", details: Shell.migrateHelp) {
            $0.migrate($1)
        },
        DotCommand(name: "watch", minimumLength: 2, usage: ".watch ?OPTIONS? QUERY",
                   summary: "Show a query's rows live until q or Ctrl-C", details: Shell.watchHelp) {
            $0.watch($1)
        },
    ]
}
