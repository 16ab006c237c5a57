/// The `sqlite3`-style command line of `plume [OPTIONS] FILENAME [SQL...]`
/// as `sqlite3` 3.40.1's first pass over its arguments reads it: the
/// database, the commands after it, and the options that must be known
/// before the database opens.
///
/// Options that change the shell (modes, separators, `-cmd`, `-version`,
/// `-help`, unknown options) take effect in a second pass, after the
/// initialization file ran: see ``ShellCommandLine``. Both passes accept
/// `--opt` for `-opt`.
struct ShellOptions: Equatable {
    /// The arguments after the program name.
    var arguments: [String]
    /// The first argument that is not an option.
    var databasePath: String?
    /// The arguments after the database that are not options: SQL or
    /// dot-commands to run instead of reading standard input.
    var commands: [String] = []
    /// `-init FILE`, read instead of `~/.sqliterc`.
    var initFile: String?
    /// `-batch`: standard input is not interactive even on a terminal.
    var batch = false
    var bail = false
    var opening = DatabaseOpening.Mode.normal
    var refusesSymbolicLinks = false
    var maxSize: Int64 = 0
    /// `-vfs NAME`: the VFS to make the default.
    var vfs: String?
    /// `-pagecache SIZE N`.
    var pageCache: PageCache?
    /// `-lookaside SIZE N`.
    var lookaside: Lookaside?
    /// `-mmap N`.
    var mmapSize: Int64?
    /// `-threadsafe N`.
    var threadingMode: Int64?
    var memoryTrace = false
    /// `-nonce STRING`.
    var nonce: String?
    /// `-A…`: the first pass stopped there; the rest belongs to `.archive`.
    var archive = false

    /// `-pagecache SIZE N`: N slots of SIZE bytes.
    struct PageCache: Equatable {
        var slotSize: Int64
        var slotCount: Int64
    }

    /// `-lookaside SIZE N`: N entries of SIZE bytes.
    struct Lookaside: Equatable {
        var slotSize: Int32
        var slotCount: Int32
    }

    /// What is wrong with a command line.
    enum Failure: Error, Equatable {
        /// An option's value is missing. `sqlite3` names the last argument,
        /// which is then the option itself.
        case missingArgument(lastArgument: String)
        /// An option no pass knows (without its doubled dash).
        case unknownOption(String)

        /// `sqlite3`'s message, for the program named `program`.
        func message(program: String) -> String {
            switch self {
            case .missingArgument(let argument):
                return "\(program): Error: missing argument to \(argument)\n"
            case .unknownOption(let option):
                return "\(program): Error: unknown option: \(option)\nUse -help for a list of options.\n"
            }
        }
    }

    /// Reads `arguments` (without the program name) as `sqlite3`'s first
    /// pass does.
    ///
    /// - Throws: ``Failure/missingArgument(lastArgument:)`` when an option
    ///   that takes a value ends the line.
    init(_ arguments: [String]) throws {
        self.arguments = arguments
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            guard let option = ShellOptions.option(argument) else {
                if databasePath == nil { databasePath = argument } else { commands.append(argument) }
                continue
            }
            switch option {
            case "-separator", "-nullvalue", "-newline", "-cmd", "-heap":
                _ = try reader.value()
            case "-init": initFile = try reader.value()
            case "-batch": batch = true
            case "-pagecache":
                var size = ShellOptions.integerValue(try reader.value())
                size = min(max(size, 0), 70000)
                var count = ShellOptions.integerValue(try reader.value())
                if size > 0 && count > 0 && 0xFFFF_FFFF_FFFF / size < count { count = 0xFFFF_FFFF_FFFF / size }
                pageCache = PageCache(slotSize: size, slotCount: count)
            case "-lookaside":
                let size = max(Int32(truncatingIfNeeded: ShellOptions.integerValue(try reader.value())), 0)
                let count = max(Int32(truncatingIfNeeded: ShellOptions.integerValue(try reader.value())), 0)
                lookaside = Lookaside(slotSize: size, slotCount: count)
            case "-threadsafe": threadingMode = ShellOptions.integerValue(try reader.value())
            case "-mmap": mmapSize = ShellOptions.integerValue(try reader.value())
            case "-vfs": vfs = try reader.value()
            case "-zip": opening = .zip
            case "-append": opening = .append
            case "-deserialize": opening = .deserialize
            case "-maxsize" where reader.hasMore: maxSize = ShellOptions.integerValue(try reader.value())
            case "-readonly": opening = .readOnly
            case "-nofollow": refusesSymbolicLinks = true
            case "-memtrace": memoryTrace = true
            case "-bail": bail = true
            case "-nonce": nonce = try reader.value()
            default:
                if option.hasPrefix("-A") {
                    archive = true
                    return
                }
            }
        }
    }

    /// The option an argument names, with `--opt` read as `-opt`; nil for
    /// an argument that is not an option.
    static func option(_ argument: String) -> String? {
        guard argument.hasPrefix("-") else { return nil }
        return argument.hasPrefix("--") ? String(argument.dropFirst()) : argument
    }

    /// `sqlite3`'s `integerValue`: decimal or `0x` hexadecimal, with an
    /// optional sign and a size suffix (KiB, MiB, GiB, KB, MB, GB, K, M, G).
    static func integerValue(_ text: String) -> Int64 {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        } else if bytes.first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        var value: Int64 = 0
        if bytes.starts(with: "0x".utf8) {
            bytes = bytes.dropFirst(2)
            while let byte = bytes.first, let digit = hexDigit(byte) {
                value = value &<< 4 &+ digit
                bytes = bytes.dropFirst()
            }
        } else {
            while let byte = bytes.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                value = value &* 10 &+ Int64(byte - UInt8(ascii: "0"))
                bytes = bytes.dropFirst()
            }
        }
        let suffix = String(decoding: bytes, as: UTF8.self).lowercased()
        let multipliers: [(String, Int64)] = [
            ("kib", 1024), ("mib", 1024 * 1024), ("gib", 1024 * 1024 * 1024),
            ("kb", 1000), ("mb", 1_000_000), ("gb", 1_000_000_000),
            ("k", 1000), ("m", 1_000_000), ("g", 1_000_000_000),
        ]
        if let multiplier = multipliers.first(where: { $0.0 == suffix })?.1 { value = value &* multiplier }
        return negative ? 0 &- value : value
    }

    private static func hexDigit(_ byte: UInt8) -> Int64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int64(byte - UInt8(ascii: "A") + 10)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int64(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }
}

/// Walks a command line as `sqlite3`'s `for(i=1; i<argc; i++)` loops do.
struct ArgumentReader {
    let arguments: [String]
    /// The index of the argument `next()` returned last.
    private(set) var index = -1

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// Whether an argument follows the current one.
    var hasMore: Bool { index + 1 < arguments.count }

    /// Moves to the next argument.
    mutating func next() -> String? {
        index += 1
        return index < arguments.count ? arguments[index] : nil
    }

    /// Skips `count` arguments (`sqlite3`'s second pass skips option
    /// values so, sometimes more than the option has).
    mutating func skip(_ count: Int) {
        index += count
    }

    /// The option's value: the next argument (`cmdline_option_value`).
    ///
    /// - Throws: ``ShellOptions/Failure/missingArgument(lastArgument:)``
    ///   at the end of the line.
    mutating func value() throws -> String {
        index += 1
        guard index < arguments.count else {
            throw ShellOptions.Failure.missingArgument(lastArgument: arguments.last ?? "")
        }
        return arguments[index]
    }
}
