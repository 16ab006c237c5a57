/// The regular expressions of `sqlite3`'s regexp extension: a compact
/// POSIX-extended dialect compiled to a nondeterministic automaton and
/// matched against UTF-8 text, with that extension's error messages.
struct ShellRegex {
    enum Op: UInt8 {
        case match = 1, any, anyStar, fork, goto, accept, classIncluding, classExcluding, classValue, classRange
        case word, notWord, digit, notDigit, space, notSpace, boundary, atStart
    }

    /// The end-of-input character, and the character before the start.
    static let endOfInput: Int32 = 0
    static let startOfInput: Int32 = 0xFFFFFFF

    var ops: [Op] = []
    var arguments: [Int32] = []
    /// Bytes every match starts with, searched for before running the
    /// automaton.
    var prefix: [UInt8] = []
    let ignoresCase: Bool

    /// Compiles `pattern` (up to its first NUL byte).
    ///
    /// - Throws: ``CompileError`` with the extension's message.
    init(_ pattern: [UInt8], ignoringCase: Bool) throws(CompileError) {
        ignoresCase = ignoringCase
        var compiler = ShellRegexCompiler(pattern: pattern, ignoresCase: ignoringCase)
        try compiler.compile()
        ops = compiler.ops
        arguments = compiler.arguments
        if ops.first == .anyStar && !ignoringCase { prefix = ShellRegex.literalPrefix(ops, arguments) }
        if let message = compiler.escapeError { throw CompileError(message: message) }
    }

    struct CompileError: Error {
        var message: String
    }

    /// The UTF-8 of the characters that the opcodes after the leading
    /// `.*` match literally, at most 12 bytes, without a final NUL.
    private static func literalPrefix(_ ops: [Op], _ arguments: [Int32]) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = 1
        while bytes.count < 10 && index < ops.count && ops[index] == .match {
            let x = UInt32(bitPattern: arguments[index])
            if x <= 0x7F {
                bytes.append(UInt8(x))
            } else if x <= 0x7FF {
                bytes += [UInt8(0xC0 | (x >> 6)), UInt8(0x80 | (x & 0x3F))]
            } else if x <= 0xFFFF {
                bytes += [UInt8(0xE0 | (x >> 12)), UInt8(0x80 | ((x >> 6) & 0x3F)), UInt8(0x80 | (x & 0x3F))]
            } else {
                break
            }
            index += 1
        }
        if bytes.last == 0 { bytes.removeLast() }
        return bytes
    }
}
