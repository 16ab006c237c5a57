/// `.breakpoint`, `.selecttrace`, `.treetrace` and `.wheretrace`: commands
/// of SQLite's debug builds, which do nothing in `sqlite3` built without
/// them, and nothing here. `.help` does not list them.
extension Shell {
    static let debugTraceDotCommands: [DotCommand] = [
        DotCommand(name: "breakpoint", minimumLength: 3, usage: ".breakpoint", summary: "", isListed: false) { _, _ in .succeeded },
        DotCommand(name: "selecttrace", minimumLength: 11, usage: ".selecttrace", summary: "", isListed: false) { _, _ in .succeeded },
        DotCommand(name: "treetrace", minimumLength: 9, usage: ".treetrace", summary: "", isListed: false) { _, _ in .succeeded },
        // `.w` is `.wheretrace` (a no-op outside SQLite's debug builds), as in sqlite3.
        DotCommand(name: "wheretrace", minimumLength: 1, usage: ".wheretrace", summary: "", isListed: false) { _, _ in .succeeded },
    ]
}
