import PlumeTerminal
/// A dot-command line split into arguments, as the `sqlite3` shell splits
/// it: white space separates arguments, `'…'` and `"…"` quote them, and
/// backslash escapes are resolved except inside `'…'`.
package struct DotCommandLine {
    /// The command name without its dot, then the arguments.
    package var arguments: [[UInt8]]
    /// The line as typed.
    let line: [UInt8]
    /// Where each argument starts in `line` (at its quote, if quoted).
    private(set) var argumentStarts: [Int] = []

    package init(_ line: [UInt8]) {
        self.line = line
        arguments = []
        var index = 1 // after the dot
        let count = line.count
        while index < count {
            while index < count, SQLiteText.isSpace(line[index]) { index += 1 }
            guard index < count else { break }
            argumentStarts.append(index)
            if line[index] == UInt8(ascii: "'") || line[index] == UInt8(ascii: "\"") {
                let delimiter = line[index]
                index += 1
                let start = index
                while index < count, line[index] != delimiter {
                    if line[index] == UInt8(ascii: "\\"), delimiter == UInt8(ascii: "\""), index + 1 < count { index += 1 }
                    index += 1
                }
                let argument = Array(line[start..<index])
                if index < count { index += 1 }
                arguments.append(delimiter == UInt8(ascii: "\"") ? DotCommandLine.resolvingBackslashes(argument) : argument)
            } else {
                let start = index
                while index < count, !SQLiteText.isSpace(line[index]) { index += 1 }
                arguments.append(DotCommandLine.resolvingBackslashes(Array(line[start..<index])))
                if index < count { index += 1 }
            }
        }
    }

    /// The command name.
    var name: String { arguments.first.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// The line as typed from argument `index` on, for commands that take
    /// free text (such as SQL) whose quotes and spaces must be kept.
    package func rawText(from index: Int) -> String {
        String(decoding: line[argumentStarts[index]...], as: UTF8.self)
    }

    /// Argument `index` (1 is the first after the command) as text.
    package func string(_ index: Int) -> String { String(decoding: arguments[index], as: UTF8.self) }

    /// Replaces `\n`, `\t`, `\\`, octal `\NNN` and the like by the bytes
    /// they stand for.
    static func resolvingBackslashes(_ text: [UInt8]) -> [UInt8] {
        guard text.contains(UInt8(ascii: "\\")) else { return text }
        var result: [UInt8] = []
        var index = 0
        while index < text.count {
            var byte = text[index]
            if byte == UInt8(ascii: "\\"), index + 1 < text.count {
                index += 1
                byte = text[index]
                switch byte {
                case UInt8(ascii: "a"): byte = 0x07
                case UInt8(ascii: "b"): byte = 0x08
                case UInt8(ascii: "t"): byte = UInt8(ascii: "\t")
                case UInt8(ascii: "n"): byte = UInt8(ascii: "\n")
                case UInt8(ascii: "v"): byte = 0x0B
                case UInt8(ascii: "f"): byte = 0x0C
                case UInt8(ascii: "r"): byte = UInt8(ascii: "\r")
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = byte - UInt8(ascii: "0")
                    for _ in 0..<2 where index + 1 < text.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(text[index + 1]) {
                        index += 1
                        value = value &<< 3 &+ (text[index] - UInt8(ascii: "0"))
                    }
                    byte = value
                default: break
                }
            }
            result.append(byte)
            index += 1
        }
        return result
    }

    /// The shell's `booleanValue`: numbers, `on`/`off`, `yes`/`no`; anything
    /// else is false with a warning on standard error.
    static func booleanValue(_ argument: [UInt8]) -> Bool {
        booleanInteger(argument) != 0
    }

    /// `booleanValue` as `sqlite3` returns it: a number stays a number (its
    /// low 32 bits), so `.eqp 3` means `full`.
    static func booleanInteger(_ argument: [UInt8]) -> Int32 {
        let text = String(decoding: argument, as: UTF8.self)
        let isDecimal = !argument.isEmpty && argument.allSatisfy(SQLiteText.isDigit)
        let isHex = text.hasPrefix("0x") && argument.dropFirst(2).allSatisfy { Character(Unicode.Scalar($0)).isHexDigit }
        if isDecimal || isHex, let number = integerValue(argument) {
            return Int32(truncatingIfNeeded: number)
        }
        switch text.lowercased() {
        case "on", "yes": return 1
        case "off", "no": return 0
        default:
            StandardStreams.writeError("ERROR: Not a boolean value: \"\(text)\". Assuming \"no\".\n")
            return 0
        }
    }

    /// The shell's `integerValue`: decimal or `0x` hexadecimal, with an
    /// optional sign and KiB/MB-style suffixes ignored here.
    static func integerValue(_ argument: [UInt8]) -> Int64? {
        var text = Substring(String(decoding: argument, as: UTF8.self))
        var negative = false
        if text.first == "-" { negative = true; text = text.dropFirst() } else if text.first == "+" { text = text.dropFirst() }
        let value: Int64?
        if text.hasPrefix("0x") {
            value = Int64(text.dropFirst(2).prefix { $0.isHexDigit }, radix: 16) ?? 0
        } else {
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            value = digits.isEmpty ? 0 : Int64(digits)
        }
        return value.map { negative ? -$0 : $0 }
    }
}
