import CSQLite
import Foundation
import Persistence
import PlumeTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `plume [OPTIONS] FILENAME [SQL...]`: the shell started as `sqlite3`
/// 3.40.1's `main` starts it.
///
/// 1. A first pass reads the options needed before anything opens
///    (``ShellOptions``) and configures the SQLite library.
/// 2. The database opens if its file exists; otherwise it opens (and is
///    created) when a command first needs it.
/// 3. `-init FILE` or `~/.sqliterc` runs.
/// 4. A second pass applies the other options in order: modes,
///    separators, `-cmd`, `-version`, `-help`, and stops at an unknown one.
/// 5. The SQL and dot-commands after the database run, or standard input
///    is read.
package enum ShellCommandLine {
    /// Runs the shell and returns its exit status.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - program: The name messages give the program (`argv[0]`).
    ///   - host: The program's version and its own dot-commands.
    package static func run(_ arguments: [String], program: String, host: ShellHost) -> Int32 {
        let options: ShellOptions
        do {
            options = try ShellOptions(arguments)
        } catch {
            StandardStreams.writeError((error as? ShellOptions.Failure)?.message(program: program) ?? "\(error)\n")
            return 1
        }
        configureLibrary(options)
        if let name = options.vfs {
            guard let vfs = sqlite3_vfs_find(name) else {
                StandardStreams.writeError("no such VFS: \"\(name)\"\n")
                return 1
            }
            sqlite3_vfs_register(vfs, 1)
        }
        let shell = makeShell(options, host: host)
        defer { shell.close() }
        // Open the database now if it exists, so that a mistyped name
        // leaves no empty file behind.
        if access(shell.filename, F_OK) == 0 {
            do {
                try shell.openNow()
            } catch {
                shell.printError(Shell.openFailureMessage(error, path: shell.filename))
                return 1
            }
        }
        var interactive = isatty(STDIN_FILENO) != 0 && !options.batch
        if let status = runInitializationFile(options.initFile, shell: shell, interactive: interactive) {
            return status
        }
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            guard let option = ShellOptions.option(argument) else { continue }
            let outcome: SecondPassOutcome
            do {
                outcome = try applySecondPass(option, reader: &reader, shell: shell, interactive: &interactive,
                                              options: options, program: program)
            } catch {
                StandardStreams.writeError((error as? ShellOptions.Failure)?.message(program: program) ?? "\(error)\n")
                return 1
            }
            if case .exit(let status) = outcome { return status }
            if case .stopReading = outcome { break }
        }
        if !options.commands.isEmpty {
            return runCommands(options.commands, shell: shell)
        }
        return readStandardInput(shell: shell, interactive: interactive, inMemoryBanner: arguments.isEmpty)
    }

    /// The shell the first pass's options describe, its database not open
    /// yet.
    private static func makeShell(_ options: ShellOptions, host: ShellHost) -> Shell {
        var opening = DatabaseOpening(path: options.databasePath ?? ":memory:")
        opening.mode = options.opening
        opening.refusesSymbolicLinks = options.refusesSymbolicLinks
        opening.maxSize = options.maxSize
        let shell = Shell(deferring: opening, interrupts: InterruptMonitor(), host: host)
        shell.bail = options.bail
        shell.admin.nonce = options.nonce
        shell.settings.wrap = 0 // sqlite3's columnar options start at zero
        shell.statisticsShowPageCache = options.pageCache != nil
        if let lookaside = options.lookaside, Int64(lookaside.slotSize) * Int64(lookaside.slotCount) == 0 {
            shell.statisticsShowLookaside = false
        }
        return shell
    }

    /// What an option of the second pass asks for.
    private enum SecondPassOutcome {
        case next
        /// `-cmd` as the last argument: the pass ends there.
        case stopReading
        case exit(Int32)
    }

    /// Applies one option in `sqlite3`'s second pass.
    private static func applySecondPass(_ option: String, reader: inout ArgumentReader, shell: Shell,
                                        interactive: inout Bool, options: ShellOptions,
                                        program: String) throws -> SecondPassOutcome {
        if try applyOutputSetting(option, reader: &reader, shell: shell) { return .next }
        switch option {
        case "-init", "-heap", "-mmap", "-vfs":
            reader.skip(1)
        // sqlite3 3.40.1 skips one argument after -memtrace and two after
        // -nonce and -threadsafe, which take one: the one after is skipped.
        case "-memtrace":
            reader.skip(1)
        case "-pagecache", "-lookaside", "-threadsafe", "-nonce":
            reader.skip(2)
        case "-maxsize":
            guard reader.hasMore else { throw ShellOptions.Failure.unknownOption(option) }
            reader.skip(1)
        case "-zip", "-append", "-deserialize", "-readonly", "-nofollow", "-bail", "-create":
            break // read by the first pass (`-create` is Plume's, kept for old scripts)
        case "-scanstats", "-backslash":
            break // sqlite3's undocumented options; Plume accepts them and does nothing
        case "-version":
            shell.output.write("\(String(cString: sqlite3_libversion())) \(String(cString: sqlite3_sourceid()))\n")
            return .exit(0)
        case "-interactive":
            interactive = true
        case "-batch":
            interactive = false
        case "-help":
            shell.output.flush()
            StandardStreams.writeError(usage(program: program))
            return .exit(1)
        case "-safe":
            shell.safeMode = true
            if shell.isDatabaseOpen { shell.installSafeModeAuthorizer() }
        case "-cmd":
            guard reader.hasMore else { return .stopReading }
            return runCmdOption(try reader.value(), shell: shell)
        default:
            guard option.hasPrefix("-A") else { throw ShellOptions.Failure.unknownOption(option) }
            shell.output.flush()
            if !options.commands.isEmpty {
                StandardStreams.writeError("Error: cannot mix regular SQL or dot-commands with \"\(option)\"\n")
            } else {
                StandardStreams.writeError("Error: \(option) is not supported: plume has no .archive command\n")
            }
            return .exit(1)
        }
        return .next
    }

    /// Applies an option of the second pass that sets what `.show` lists:
    /// a mode, a separator, headers, echo, statistics or query plans.
    ///
    /// - Returns: False for any other option.
    private static func applyOutputSetting(_ option: String, reader: inout ArgumentReader, shell: Shell) throws -> Bool {
        switch option {
        case "-html", "-list", "-quote", "-line", "-column", "-json", "-markdown", "-table", "-box", "-csv", "-ascii", "-tabs":
            setMode(option, shell: shell)
        case "-separator":
            shell.settings.columnSeparator = Array(try reader.value().utf8.prefix(19))
        case "-newline":
            shell.settings.rowSeparator = Array(try reader.value().utf8.prefix(19))
        case "-nullvalue":
            shell.settings.nullValue = Array(try reader.value().utf8.prefix(19))
        case "-header", "-noheader":
            shell.settings.showHeader = option == "-header"
            shell.settings.headerWasSet = true
        case "-echo":
            shell.echo = true
        case "-stats":
            shell.diagnostics.statistics = 1
        case "-eqp":
            shell.diagnostics.plans = 1
        case "-eqpfull":
            shell.diagnostics.plans = QueryDiagnostics.fullPlans
        default:
            return false
        }
        return true
    }

    /// A mode option: unlike `.mode`, it changes only what `sqlite3`'s
    /// second pass changes (`-csv` keeps the row separator, `-box` the
    /// columnar options).
    private static func setMode(_ option: String, shell: Shell) {
        switch option {
        case "-html": shell.settings.mode = .html
        case "-list": shell.settings.mode = .list
        case "-quote":
            shell.settings.mode = .quote
            shell.settings.columnSeparator = OutputSettings.comma
            shell.settings.rowSeparator = OutputSettings.newline
        case "-line": shell.settings.mode = .line
        case "-column": shell.settings.mode = .column
        case "-json": shell.settings.mode = .json
        case "-markdown": shell.settings.mode = .markdown
        case "-table": shell.settings.mode = .table
        case "-box": shell.settings.mode = .box
        case "-csv":
            shell.settings.mode = .csv
            shell.settings.columnSeparator = OutputSettings.comma
        case "-ascii":
            shell.settings.mode = .ascii
            shell.settings.columnSeparator = [0x1F]
            shell.settings.rowSeparator = [0x1E]
        case "-tabs":
            shell.settings.mode = .list
            shell.settings.columnSeparator = OutputSettings.tab
            shell.settings.rowSeparator = OutputSettings.newline
        default: break
        }
    }

    /// `-cmd COMMAND`: runs now; a failure ends the shell only with `-bail`.
    private static func runCmdOption(_ command: String, shell: Shell) -> SecondPassOutcome {
        if command.hasPrefix(".") {
            let result = shell.runDotCommand(Array(command.utf8))
            if let status = shell.exitCode { return .exit(status) }
            if result != .succeeded && shell.bail { return .exit(result == .quit ? 0 : 1) }
        } else if let code = shell.runCommandLineSQL(command), shell.bail {
            return .exit(code != 0 ? code : 1)
        }
        return .next
    }

    /// The SQL and dot-commands after the database, in order; the first
    /// that fails ends the shell with its status.
    private static func runCommands(_ commands: [String], shell: Shell) -> Int32 {
        for command in commands {
            if command.hasPrefix(".") {
                let result = shell.runDotCommand(Array(command.utf8))
                if let status = shell.exitCode { return status }
                switch result {
                case .succeeded: continue
                case .quit: return 0
                case .failed: return 1
                }
            } else if let code = shell.runCommandLineSQL(command) {
                return code != 0 ? code : 1
            }
        }
        return 0
    }

    /// Reads standard input: with line editing and a banner on a
    /// terminal (or with `-interactive`), as a script otherwise.
    private static func readStandardInput(shell: Shell, interactive: Bool, inMemoryBanner: Bool) -> Int32 {
        let failed: Bool
        if interactive {
            let terminal = TerminalLineSource(shell: shell)
            shell.output.write(shell.host.banner(inMemory: inMemoryBanner))
            failed = shell.processInput(terminal)
            terminal.saveHistory()
        } else {
            failed = shell.processInput(FileLineSource())
        }
        if let status = shell.exitCode { return status }
        return failed ? 1 : 0
    }

    /// `-init FILE`, or else `~/.sqliterc`, as `sqlite3`'s
    /// `process_sqliterc`: a missing `~/.sqliterc` is fine, a missing
    /// `-init` file is reported. Returns a status when the shell must end.
    private static func runInitializationFile(_ override: String?, shell: Shell, interactive: Bool) -> Int32? {
        let path: String
        if let override {
            path = override
        } else {
            guard let home = homeDirectory() else {
                StandardStreams.writeError("-- warning: cannot find home directory; cannot read ~/.sqliterc\n")
                return nil
            }
            path = home + "/.sqliterc"
        }
        let source: FileLineSource
        do {
            source = try FileLineSource(path: path)
        } catch {
            // A missing ~/.sqliterc is no error; one that is a FIFO or a
            // device is not read, and said so.
            if override != nil || !error.isOpenFailure {
                shell.printError(error.isOpenFailure ? "cannot open: \"\(path)\"" : "Error: \(error)")
                if shell.bail { return 1 }
            }
            return nil
        }
        if interactive { shell.printError("-- Loading resources from \(path)") }
        let failed = shell.processInput(source)
        if let status = shell.exitCode { return status }
        if failed && shell.bail { return 1 }
        shell.lineNumber = 0
        return nil
    }

    /// `$HOME`, or else the user's home directory in the password database.
    ///
    /// `sqlite3` 3.40.1 looks in the password database first; Plume
    /// honours `$HOME` first, so that a script can point it elsewhere.
    static func homeDirectory() -> String? {
        // getenv, not ProcessInfo.environment: that copies the whole
        // environment into a dictionary (4% of start-up's instructions).
        if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) }
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// `sqlite3 -help`'s text.
    static func usage(program: String) -> String {
        """
        Usage: \(program) [OPTIONS] FILENAME [SQL]
        FILENAME is the name of an SQLite database. A new database is created
        if the file does not previously exist.
        OPTIONS include:
           -A ARGS...           run ".archive ARGS" and exit
           -append              append the database to the end of the file
           -ascii               set output mode to 'ascii'
           -bail                stop after hitting an error
           -batch               force batch I/O
           -box                 set output mode to 'box'
           -column              set output mode to 'column'
           -cmd COMMAND         run "COMMAND" before reading stdin
           -csv                 set output mode to 'csv'
           -deserialize         open the database using sqlite3_deserialize()
           -echo                print inputs before execution
           -init FILENAME       read/process named file
           -[no]header          turn headers on or off
           -help                show this message
           -html                set output mode to HTML
           -interactive         force interactive I/O
           -json                set output mode to 'json'
           -line                set output mode to 'line'
           -list                set output mode to 'list'
           -lookaside SIZE N    use N entries of SZ bytes for lookaside memory
           -markdown            set output mode to 'markdown'
           -maxsize N           maximum size for a --deserialize database
           -memtrace            trace all memory allocations and deallocations
           -mmap N              default mmap size set to N
           -newline SEP         set output row separator. Default: '\\n'
           -nofollow            refuse to open symbolic links to database files
           -nonce STRING        set the safe-mode escape nonce
           -nullvalue TEXT      set text string for NULL values. Default ''
           -pagecache SIZE N    use N slots of SZ bytes each for page cache memory
           -quote               set output mode to 'quote'
           -readonly            open the database read-only
           -safe                enable safe-mode
           -separator SEP       set output column separator. Default: '|'
           -stats               print memory stats before each finalize
           -table               set output mode to 'table'
           -tabs                set output mode to 'tabs'
           -version             show SQLite version
           -vfs NAME            use NAME as the default VFS
           -zip                 open the file as a ZIP Archive

        """
    }

    /// The first pass's `sqlite3_config` calls, made before SQLite
    /// initializes: URIs as file names (as `sqlite3` sets), `-memtrace`,
    /// `-pagecache`, `-lookaside`, `-threadsafe`, `-mmap`.
    private static func configureLibrary(_ options: ShellOptions) {
        _ = plume_config_int(SQLITE_CONFIG_URI, 1)
        if options.memoryTrace { MemoryTrace.activate() }
        if let pageCache = options.pageCache {
            let size = pageCache.slotSize, count = pageCache.slotCount
            let buffer = size > 0 && count > 0 ? malloc(Int(size * count)) : nil
            _ = plume_config_pagecache(buffer, Int32(size), Int32(truncatingIfNeeded: count))
        }
        if let lookaside = options.lookaside {
            _ = plume_config_int_int(SQLITE_CONFIG_LOOKASIDE, lookaside.slotSize, lookaside.slotCount)
        }
        if let mode = options.threadingMode {
            switch mode {
            case 0: _ = plume_config(SQLITE_CONFIG_SINGLETHREAD)
            case 2: _ = plume_config(SQLITE_CONFIG_MULTITHREAD)
            default: _ = plume_config(SQLITE_CONFIG_SERIALIZED)
            }
        }
        if let size = options.mmapSize {
            _ = plume_config_int64_int64(SQLITE_CONFIG_MMAP_SIZE, size, size)
        }
        ShellLog.install()
        sqlite3_initialize()
    }
}

// The memory methods `-memtrace` wraps. SQLite calls them from any thread
// that allocates; they are written once, before SQLite initializes.
nonisolated(unsafe) private var memoryTraceBase = sqlite3_mem_methods()

/// `-memtrace`: every allocation, resize and free SQLite makes is
/// reported on standard error, as `sqlite3`'s `sqlite3MemTraceActivate`.
enum MemoryTrace {
    static func activate() {
        guard memoryTraceBase.xMalloc == nil,
              plume_config_mem_methods(SQLITE_CONFIG_GETMALLOC, &memoryTraceBase) == SQLITE_OK else { return }
        var methods = memoryTraceBase
        methods.xMalloc = { size in
            MemoryTrace.write("MEMTRACE: allocate \(memoryTraceBase.xRoundup(size)) bytes\n")
            return memoryTraceBase.xMalloc(size)
        }
        methods.xFree = { pointer in
            guard let pointer else { return }
            MemoryTrace.write("MEMTRACE: free \(memoryTraceBase.xSize(pointer)) bytes\n")
            memoryTraceBase.xFree(pointer)
        }
        methods.xRealloc = { pointer, size in
            guard let pointer else {
                MemoryTrace.write("MEMTRACE: allocate \(memoryTraceBase.xRoundup(size)) bytes\n")
                return memoryTraceBase.xMalloc(size)
            }
            if size == 0 {
                MemoryTrace.write("MEMTRACE: free \(memoryTraceBase.xSize(pointer)) bytes\n")
                memoryTraceBase.xFree(pointer)
                return nil
            }
            MemoryTrace.write("MEMTRACE: resize \(memoryTraceBase.xSize(pointer)) -> \(memoryTraceBase.xRoundup(size)) bytes\n")
            return memoryTraceBase.xRealloc(pointer, size)
        }
        _ = plume_config_mem_methods(SQLITE_CONFIG_MALLOC, &methods)
    }

    /// Writes a line to standard error without going through SQLite's
    /// allocator.
    private static func write(_ text: String) {
        StandardStreams.writeError(text)
    }
}
