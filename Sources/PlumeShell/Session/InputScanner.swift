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
                case 0x2D where at(index) == 0x2D: // -- comment to end of line
                    while index < count, line[index] != 0x0A { index += 1 }
                    continue
                case 0x3B:
                    endsWithSemicolon = true
                    continue
                case 0x2F where at(index) == 0x2A: // /*
                    index += 1
                    awaiting = 0x2A
                    continue
                case 0x5B:
                    awaiting = 0x5D
                    hasText = true
                    endsWithSemicolon = false
                    continue
                case 0x60, 0x27, 0x22:
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
                case 0x2A:
                    if at(index) == 0x2F { index += 1; awaiting = 0 }
                case 0x60, 0x27, 0x22:
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
        if line[index] == 0x2F {
            index += 1
        } else if index + 1 < line.count, line[index] | 0x20 == 0x67, line[index + 1] | 0x20 == 0x6F {
            index += 2
        } else {
            return false
        }
        var scanner = InputScanner()
        scanner.scan(Array(line[index...]))
        return scanner.isBlank && !scanner.endsWithSemicolon
    }
}
