import CSQLite

extension Shell {
    /// `sqlite3`'s administrative dot-commands: the connection, the
    /// library, the file system and the process. Each one's code lives in
    /// a file of its own.
    static let adminDotCommands: [DotCommand] = [
        DotCommand(name: "archive", minimumLength: 2, usage: ".archive ...", summary: "Manage SQL archives",
                   details: Shell.archiveHelp) { $0.archive($1) },
        DotCommand(name: "auth", minimumLength: 1, usage: ".auth ON|OFF", summary: "Show authorizer callbacks") {
            $0.authorizer($1)
        },
        DotCommand(name: "binary", minimumLength: 3, usage: ".binary on|off", summary: "Turn binary output on or off.  Default OFF") {
            $0.toggle($1, usage: ".binary on|off") { _, _ in } // no text mode to leave on POSIX systems
        },
        DotCommand(name: "breakpoint", minimumLength: 3, usage: ".breakpoint", summary: "", isListed: false) { _, _ in .succeeded },
        DotCommand(name: "cd", minimumLength: 2, usage: ".cd DIRECTORY", summary: "Change the working directory to DIRECTORY") {
            $0.changeDirectory($1)
        },
        DotCommand(name: "check", minimumLength: 3, usage: ".check GLOB",
                   summary: "Fail if output since .testcase does not match") { $0.check($1) },
        DotCommand(name: "clone", minimumLength: 1, usage: ".clone NEWDB",
                   summary: "Clone data into NEWDB from the existing database") { $0.clone($1) },
        DotCommand(name: "connection", minimumLength: 1, usage: ".connection [close] [#]",
                   summary: "Open or close an auxiliary database connection") { $0.connectionCommand($1) },
        DotCommand(name: "dbconfig", minimumLength: 3, usage: ".dbconfig ?op? ?val?",
                   summary: "List or change sqlite3_db_config() options") { $0.databaseConfiguration($1) },
        DotCommand(name: "dbinfo", minimumLength: 3, usage: ".dbinfo ?DB?",
                   summary: "Show status information about the database") { $0.databaseInfo($1) },
        DotCommand(name: "expert", minimumLength: 4, usage: ".expert", summary: "EXPERIMENTAL. Suggest indexes for queries") {
            $0.expert($1)
        },
        DotCommand(name: "filectrl", minimumLength: 1, usage: ".filectrl CMD ...",
                   summary: "Run various sqlite3_file_control() operations", details: Shell.fileControlHelp) {
            $0.fileControl($1)
        },
        DotCommand(name: "imposter", minimumLength: 1, usage: ".imposter INDEX TABLE",
                   summary: "Create imposter table TABLE on index INDEX") { $0.imposter($1) },
        DotCommand(name: "limits", minimumLength: 5, usage: ".limit ?LIMIT? ?VAL?",
                   summary: "Display or change the value of an SQLITE_LIMIT") { $0.limits($1) },
        DotCommand(name: "lint", minimumLength: 3, usage: ".lint OPTIONS", summary: "Report potential schema issues.",
                   details: Shell.lintHelp) { $0.lint($1) },
        DotCommand(name: "load", minimumLength: 1, usage: ".load FILE ?ENTRY?", summary: "Load an extension library") {
            $0.loadExtension($1)
        },
        DotCommand(name: "log", minimumLength: 1, usage: ".log FILE|off",
                   summary: "Turn logging on or off.  FILE can be stderr/stdout") { $0.log($1) },
        DotCommand(name: "nonce", minimumLength: 5, usage: ".nonce STRING",
                   summary: "Suspend safe mode for one command if nonce matches") { $0.nonce($1) },
        DotCommand(name: "progress", minimumLength: 3, usage: ".progress N",
                   summary: "Invoke progress handler after every N opcodes", details: Shell.progressHelp) { $0.progress($1) },
        DotCommand(name: "recover", minimumLength: 1, usage: ".recover",
                   summary: "Recover as much data as possible from corrupt db.", details: Shell.recoverHelp) { $0.recover($1) },
        DotCommand(name: "scanstats", minimumLength: 1, usage: ".scanstats on|off",
                   summary: "Turn sqlite3_stmt_scanstatus() metrics on or off") { $0.scanStatistics($1) },
        DotCommand(name: "selecttrace", minimumLength: 11, usage: ".selecttrace", summary: "", isListed: false) { _, _ in .succeeded },
        DotCommand(name: "selftest", minimumLength: 4, usage: ".selftest ?OPTIONS?",
                   summary: "Run tests defined in the SELFTEST table", details: Shell.selftestHelp) { $0.selftest($1) },
        DotCommand(name: "session", minimumLength: 3, usage: ".session ?NAME? CMD ...", summary: "Create or control sessions",
                   details: Shell.sessionHelp) { $0.session($1) },
        DotCommand(name: "sha3sum", minimumLength: 4, usage: ".sha3sum ...", summary: "Compute a SHA3 hash of database content",
                   details: Shell.sha3sumHelp) { $0.sha3sum($1) },
        DotCommand(name: "shell", minimumLength: 1, usage: ".shell CMD ARGS...", summary: "Run CMD ARGS... in a system shell") {
            $0.system($1)
        },
        DotCommand(name: "system", minimumLength: 2, usage: ".system CMD ARGS...", summary: "Run CMD ARGS... in a system shell") {
            $0.system($1)
        },
        DotCommand(name: "testcase", minimumLength: 8, usage: ".testcase NAME",
                   summary: "Begin redirecting output to 'testcase-out.txt'") { $0.testcase($1) },
        DotCommand(name: "testctrl", minimumLength: 8, usage: ".testctrl CMD ...",
                   summary: "Run various sqlite3_test_control() operations", details: Shell.testControlHelp) {
            $0.testControl($1)
        },
        DotCommand(name: "treetrace", minimumLength: 9, usage: ".treetrace", summary: "", isListed: false) { _, _ in .succeeded },
        DotCommand(name: "vfsinfo", minimumLength: 2, usage: ".vfsinfo ?AUX?", summary: "Information about the top-level VFS") {
            $0.vfsInfo($1)
        },
        DotCommand(name: "vfslist", minimumLength: 2, usage: ".vfslist", summary: "List all available VFSes") { $0.vfsList($1) },
        DotCommand(name: "vfsname", minimumLength: 2, usage: ".vfsname ?AUX?", summary: "Print the name of the VFS stack") {
            $0.vfsName($1)
        },
        // `.w` is `.wheretrace` (a no-op outside SQLite's debug builds), as in sqlite3.
        DotCommand(name: "wheretrace", minimumLength: 1, usage: ".wheretrace", summary: "", isListed: false) { _, _ in .succeeded },
    ]

    /// What `sqlite3`'s `open_db` sets up on each connection for these
    /// commands: extension loading (`.load`), the SHA3 functions and the
    /// `sqlar` functions of `.archive`.
    static func prepareAdminFeatures(on connection: OpaquePointer) {
        sqlite3_enable_load_extension(connection, 1)
        SqlarFunctions.install(on: connection)
    }
}
