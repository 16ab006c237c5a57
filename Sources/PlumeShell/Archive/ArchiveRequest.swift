/// An `.archive` (`.ar`) command line, parsed as `sqlite3`'s
/// `arParseCommand` parses it: tar-style letters (`.ar cvf FILE …`), short
/// options (`-cvf FILE`, `-fFILE`), long ones by unambiguous prefix
/// (`--create`, `--file FILE`), `--` before members.
struct ArchiveRequest {
    enum Command {
        case create, extract, insert, list, remove, update, help
    }

    var command: Command?
    var verbose = false
    var dryRun = false
    var append = false
    var glob = false
    /// `--file` (or `--append`): the archive instead of the current database.
    var file: [UInt8]?
    /// `--directory`.
    var directory: [UInt8]?
    /// The files or members named after the options.
    var members: [[UInt8]] = []

    /// Why the command line is wrong: `arErrorMsg`'s text, after `Error: `.
    struct Failure: Error {
        var message: [UInt8]
    }

    private enum Switch {
        case command(Command)
        case verbose, file, append, directory, dryRun, glob
    }

    private static let switches: [(long: String, short: UInt8, action: Switch, takesValue: Bool)] = [
        ("create", UInt8(ascii: "c"), .command(.create), false), ("extract", UInt8(ascii: "x"), .command(.extract), false),
        ("insert", UInt8(ascii: "i"), .command(.insert), false), ("list", UInt8(ascii: "t"), .command(.list), false),
        ("remove", UInt8(ascii: "r"), .command(.remove), false), ("update", UInt8(ascii: "u"), .command(.update), false),
        ("help", UInt8(ascii: "h"), .command(.help), false), ("verbose", UInt8(ascii: "v"), .verbose, false),
        ("file", UInt8(ascii: "f"), .file, true), ("append", UInt8(ascii: "a"), .append, true),
        ("directory", UInt8(ascii: "C"), .directory, true), ("dryrun", UInt8(ascii: "n"), .dryRun, false),
        ("glob", UInt8(ascii: "g"), .glob, false),
    ]

    /// Parses the arguments after `.archive` (at least one).
    init(_ arguments: [[UInt8]]) throws(Failure) {
        let first = arguments[0]
        if first.first != UInt8(ascii: "-") {
            var next = 1
            for letter in first {
                guard let option = Self.switches.first(where: { $0.short == letter }) else {
                    throw Failure(message: Array("unrecognized option: ".utf8) + [letter])
                }
                var value: [UInt8]?
                if option.takesValue {
                    guard next < arguments.count else { throw Failure(message: Array("option requires an argument: ".utf8) + [letter]) }
                    value = arguments[next]
                    next += 1
                }
                try apply(option.action, value)
            }
            members = Array(arguments[next...])
            return
        }
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word.first != UInt8(ascii: "-") {
                members = Array(arguments[index...])
                return
            }
            if word.count < 2 || word[1] != UInt8(ascii: "-") {
                try applyShortOptions(word, arguments, &index)
            } else if word.count == 2 {
                members = Array(arguments[(index + 1)...])
                return
            } else {
                let name = word.dropFirst(2)
                let matches = Self.switches.filter { name.count <= $0.long.utf8.count && $0.long.utf8.starts(with: name) }
                guard matches.count <= 1 else { throw Failure(message: Array("ambiguous option: ".utf8) + word) }
                guard let option = matches.first else { throw Failure(message: Array("unrecognized option: ".utf8) + word) }
                var value: [UInt8]?
                if option.takesValue {
                    guard index < arguments.count - 1 else {
                        throw Failure(message: Array("option requires an argument: ".utf8) + word)
                    }
                    index += 1
                    value = arguments[index]
                }
                try apply(option.action, value)
            }
            index += 1
        }
    }

    /// `-cvf FILE` or `-fFILE`: letters, the last taking a value from the
    /// rest of the word or the next argument.
    private mutating func applyShortOptions(_ word: [UInt8], _ arguments: [[UInt8]], _ index: inout Int) throws(Failure) {
        var position = 1
        while position < word.count {
            let letter = word[position]
            guard let option = Self.switches.first(where: { $0.short == letter }) else {
                throw Failure(message: Array("unrecognized option: ".utf8) + [letter])
            }
            var value: [UInt8]?
            if option.takesValue {
                if position < word.count - 1 {
                    value = Array(word[(position + 1)...])
                    position = word.count
                } else {
                    guard index < arguments.count - 1 else {
                        throw Failure(message: Array("option requires an argument: ".utf8) + [letter])
                    }
                    index += 1
                    value = arguments[index]
                }
            }
            try apply(option.action, value)
            position += 1
        }
    }

    private mutating func apply(_ action: Switch, _ value: [UInt8]?) throws(Failure) {
        switch action {
        case .command(let command):
            guard self.command == nil else { throw Failure(message: Array("multiple command options".utf8)) }
            self.command = command
        case .dryRun: dryRun = true
        case .glob: glob = true
        case .verbose: verbose = true
        case .append:
            append = true
            file = value
        case .file: file = value
        case .directory: directory = value
        }
    }
}
