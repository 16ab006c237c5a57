extension Shell {
    /// Dot-commands beyond those of the `sqlite3` shell.
    static let extraDotCommands: [DotCommand] = [
        DotCommand(name: "migrate", minimumLength: 3, usage: ".migrate status|up ?--dir DIR? ?--to VERSION?",
                   summary: "Show or apply the migrations of DIR (default Migrations)") {
            $0.migrate($1)
        },
    ]
}
