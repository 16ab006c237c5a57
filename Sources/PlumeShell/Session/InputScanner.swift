/// Tracks, line by line, whether SQL input is inside a string or comment,
/// has text other than space and comments, and ends with `;`: the shell's
/// `quickscan`, which decides when to ask `sqlite3_complete` and when a
/// line can be dropped.
package struct InputScanner {
    /// The closing character awaited (`*` for `/* */`), or 0 in plain text.
    private var awaiting: UInt8 = 0
    /// Whether something other than space, `;` or a comment was seen.
    package private(set) var hasText = false
    /// Whether the last token seen was `;`.
    private(set) var endsWithSemicolon = false

    /// Whether the scan is in plain text (not inside a string or comment).
    var isPlain: Bool { awaiting == 0 }
    /// Only space and comments so far, outside any string or comment.
    var isBlank: Bool { awaiting == 0 && !hasText }
    /// In plain text and ending with `;`.
    var endsStatement: Bool { awaiting == 0 && endsWithSemicolon }

    /// A scanner at the start of input, in plain text.
    package init() {}

    /// Scans one more line.
    package mutating func scan(_ line: [UInt8]) {
        var index = 0
        let count = line.count
        func at(_ offset: Int) -> UInt8 { offset < count ? line[offset] : 0 }
        while index < count {
            if awaiting == 0 {
                let byte = line[index]
                index += 1
                if SQLiteText.isSpace(byte) { continue }
                switch byte {
                case UInt8(ascii: "-") where at(index) == UInt8(ascii: "-"): // -- comment to end of line
                    while index < count, line[index] != UInt8(ascii: "\n") { index += 1 }
                    continue
                case UInt8(ascii: ";"):
                    endsWithSemicolon = true
                    continue
                case UInt8(ascii: "/") where at(index) == UInt8(ascii: "*"): // /*
                    index += 1
                    awaiting = UInt8(ascii: "*")
                    continue
                case UInt8(ascii: "["):
                    awaiting = UInt8(ascii: "]")
                    hasText = true
                    endsWithSemicolon = false
                    continue
                case UInt8(ascii: "`"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                    awaiting = byte
                    hasText = true
                    endsWithSemicolon = false
                    continue
                default:
                    break
                }
                endsWithSemicolon = false
                hasText = true
            } else {
                let byte = line[index]
                index += 1
                guard byte == awaiting else { continue }
                switch awaiting {
                case UInt8(ascii: "*"):
                    if at(index) == UInt8(ascii: "/") { index += 1; awaiting = 0 }
                case UInt8(ascii: "`"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                    if at(index) == awaiting { index += 1 } else { awaiting = 0 }
                default:
                    awaiting = 0
                }
            }
        }
    }

    /// Whether a line alone is `go` or `/` (with optional space and
    /// comments): the SQL Server and Oracle ways to end a statement.
    static func isCommandTerminator(_ line: [UInt8]) -> Bool {
        var index = 0
        while index < line.count, SQLiteText.isSpace(line[index]) { index += 1 }
        guard index < line.count else { return false }
        if line[index] == UInt8(ascii: "/") {
            index += 1
        } else if index + 1 < line.count, SQLiteText.lowercased(line[index]) == UInt8(ascii: "g"),
                  SQLiteText.lowercased(line[index + 1]) == UInt8(ascii: "o") {
            index += 2
        } else {
            return false
        }
        var scanner = InputScanner()
        scanner.scan(Array(line[index...]))
        return scanner.isBlank && !scanner.endsWithSemicolon
    }
}
