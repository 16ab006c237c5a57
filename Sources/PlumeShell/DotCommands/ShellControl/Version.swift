import CSQLite

/// `.version` (which sqlite3 3.40 does not list in `.help`): the SQLite
/// library, zlib and the compiler that built the shell, as sqlite3 prints
/// them.
extension Shell {
    static let versionDotCommands: [DotCommand] = [
        DotCommand(name: "version", minimumLength: 2, usage: ".version", summary: "Show source, library and compiler versions",
                   isListed: false) {
            $0.showVersion($1)
        },
    ]

    private func showVersion(_ command: DotCommandLine) -> DotCommandResult {
        output.write("SQLite \(String(cString: sqlite3_libversion())) \(String(cString: sqlite3_sourceid()))\n")
        if let zlib = Zlib.loaded?.version { output.write("zlib version \(zlib)\n") }
        output.write(Self.compilerVersion + "\n")
        return .succeeded
    }

    /// The compiler that built the shell: Swift's here (sqlite3 names the C
    /// compiler that built it).
    static var compilerVersion: String {
        #if compiler(>=6.3)
        "swift-6.3"
        #elseif compiler(>=6.2)
        "swift-6.2"
        #else
        "swift-6"
        #endif
    }
}
