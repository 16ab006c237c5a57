/// Compiles the regexp extension's patterns into ``ShellRegex`` opcodes.
struct ShellRegexCompiler {
    typealias Op = ShellRegex.Op
    var input: ShellRegexInput
    var ops: [Op] = []
    var arguments: [Int32] = []
    /// "unknown \ escape": recorded, compiling goes on, and it is
    /// reported unless another error comes first.
    var escapeError: String?
    let ignoresCase: Bool

    init(pattern: [UInt8], ignoresCase: Bool) {
        var text = Array(pattern.prefix { $0 != 0 })
        self.ignoresCase = ignoresCase
        if text.first == UInt8(ascii: "^") {
            text.removeFirst()
        } else {
            ops = [.anyStar]
            arguments = [0]
        }
        input = ShellRegexInput(text)
    }

    mutating func compile() throws(ShellRegex.CompileError) {
        if let message = compileAlternatives() { throw ShellRegex.CompileError(message: message) }
        guard input.index >= input.bytes.count else {
            throw ShellRegex.CompileError(message: "unrecognized character")
        }
        append(.accept, 0)
    }

    private mutating func nextCharacter() -> Int32 {
        ignoresCase ? input.nextCharacterIgnoringCase() : input.nextCharacter()
    }

    @discardableResult
    private mutating func insert(_ op: Op, _ argument: Int32, before index: Int) -> Int {
        ops.insert(op, at: index)
        arguments.insert(argument, at: index)
        return index
    }

    @discardableResult
    private mutating func append(_ op: Op, _ argument: Int32) -> Int {
        insert(op, argument, before: ops.count)
    }

    private mutating func copy(from start: Int, count: Int) {
        ops += ops[start..<(start + count)]
        arguments += arguments[start..<(start + count)]
    }

    /// `X|Y|…` up to the first unmatched `)`; the error message if any.
    private mutating func compileAlternatives() -> String? {
        let start = ops.count
        if let error = compileSequence() { return error }
        while input.peek() == UInt8(ascii: "|") {
            let end = ops.count
            insert(.fork, Int32(end + 2 - start), before: start)
            let jump = append(.goto, 0)
            input.index += 1
            if let error = compileSequence() { return error }
            arguments[jump] = Int32(ops.count - jump)
        }
        return nil
    }

    /// One alternative: elements and their repetitions.
    private mutating func compileSequence() -> String? {
        var previous = -1
        while true {
            let character = nextCharacter()
            if character == 0 { return nil }
            let start = ops.count
            switch character {
            case 0x7C, 0x29: // | )
                input.index -= 1
                return nil
            case 0x28: // (
                if let error = compileAlternatives() { return error }
                if input.peek() != UInt8(ascii: ")") { return "unmatched '('" }
                input.index += 1
            case 0x2E: // .
                if input.peek() == UInt8(ascii: "*") {
                    append(.anyStar, 0)
                    input.index += 1
                } else {
                    append(.any, 0)
                }
            case 0x2A: // *
                if previous < 0 { return "'*' without operand" }
                insert(.goto, Int32(ops.count - previous + 1), before: previous)
                append(.fork, Int32(previous - ops.count + 1))
            case 0x2B: // +
                if previous < 0 { return "'+' without operand" }
                append(.fork, Int32(previous - ops.count))
            case 0x3F: // ?
                if previous < 0 { return "'?' without operand" }
                insert(.fork, Int32(ops.count - previous + 1), before: previous)
            case 0x24: // $
                append(.match, ShellRegex.endOfInput)
            case 0x5E: // ^
                append(.atStart, 0)
            case 0x7B: // {
                if let error = compileRepetition(previous: &previous) { return error }
            case 0x5B: // [
                if let error = compileClass() { return error }
            case 0x5C: // backslash
                compileEscape()
            default:
                append(.match, character)
            }
            previous = start
        }
    }

    /// `{m}`, `{m,}`, `{m,n}`, `{,n}` after the element at `previous`.
    private mutating func compileRepetition(previous: inout Int) -> String? {
        if previous < 0 { return "'{m,n}' without operand" }
        var m: Int32 = 0, n: Int32 = 0
        var byte = input.peek()
        while byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
            m = m &* 10 &+ Int32(byte - UInt8(ascii: "0"))
            input.index += 1
            byte = input.peek()
        }
        n = m
        if byte == UInt8(ascii: ",") {
            input.index += 1
            n = 0
            byte = input.peek()
            while byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                n = n &* 10 &+ Int32(byte - UInt8(ascii: "0"))
                input.index += 1
                byte = input.peek()
            }
        }
        if byte != UInt8(ascii: "}") { return "unmatched '{'" }
        if n > 0 && n < m { return "n less than m in '{m,n}'" }
        input.index += 1
        let size = ops.count - previous
        if m == 0 {
            if n == 0 { return "both m and n are zero in '{m,n}'" }
            insert(.fork, Int32(size + 1), before: previous)
            previous += 1
            n -= 1
        } else {
            for _ in 1..<max(m, 1) { copy(from: previous, count: size) }
        }
        var count = m
        while count < n {
            append(.fork, Int32(size + 1))
            copy(from: previous, count: size)
            count += 1
        }
        if n == 0 && m > 0 { append(.fork, Int32(-size)) }
        return nil
    }

    /// `[…]` or `[^…]`: a header whose argument is the class's length,
    /// then values and ranges.
    private mutating func compileClass() -> String? {
        let first = ops.count
        if input.peek() == UInt8(ascii: "^") {
            append(.classExcluding, 0)
            input.index += 1
        } else {
            append(.classIncluding, 0)
        }
        var character = nextCharacter()
        while character != 0 {
            if character == UInt8(ascii: "[") && input.peek() == UInt8(ascii: ":") { return "POSIX character classes not supported" }
            if character == UInt8(ascii: "\\") { character = escapedCharacter() }
            if input.peek() == UInt8(ascii: "-") {
                append(.classRange, character)
                input.index += 1
                character = nextCharacter()
                if character == UInt8(ascii: "\\") { character = escapedCharacter() }
                append(.classRange, character)
            } else {
                append(.classValue, character)
            }
            if input.peek() == UInt8(ascii: "]") {
                input.index += 1
                break
            }
            character = nextCharacter()
        }
        if character == 0 { return "unclosed '['" }
        arguments[first] = Int32(ops.count - first)
        return nil
    }

    /// `\b \d \D \s \S \w \W`, or an escaped character to match.
    private mutating func compileEscape() {
        let special: [UInt8: Op] = [UInt8(ascii: "b"): .boundary, UInt8(ascii: "d"): .digit, UInt8(ascii: "D"): .notDigit,
                                    UInt8(ascii: "s"): .space, UInt8(ascii: "S"): .notSpace, UInt8(ascii: "w"): .word,
                                    UInt8(ascii: "W"): .notWord]
        if let op = special[input.peek()] {
            input.index += 1
            append(op, 0)
        } else {
            append(.match, escapedCharacter())
        }
    }

    /// The character after a backslash: `\uXXXX`, `\xXX`, a C escape
    /// among `afnrtv`, or one of `\()*.+?[$^{|}]`.
    private mutating func escapedCharacter() -> Int32 {
        let bytes = input.bytes
        let index = input.index
        guard index < bytes.count else { return 0 }
        let byte = bytes[index]
        if byte == UInt8(ascii: "u") && index + 4 < bytes.count, let value = ShellRegexCompiler.hex(bytes[(index + 1)...(index + 4)]) {
            input.index += 5
            return value
        }
        if byte == UInt8(ascii: "x") && index + 2 < bytes.count, let value = ShellRegexCompiler.hex(bytes[(index + 1)...(index + 2)]) {
            input.index += 3
            return value
        }
        let escapes = Array("afnrtv\\()*.+?[$^{|}]".utf8)
        let translations: [UInt8] = [0x07, 0x0C, UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), 0x0B]
        // The C code keeps the byte in a signed char.
        let signed = Int32(Int8(bitPattern: byte))
        guard let position = escapes.firstIndex(of: byte) else {
            escapeError = "unknown \\ escape"
            return signed
        }
        input.index += 1
        return position < 6 ? Int32(translations[position]) : signed
    }

    private static func hex(_ digits: ArraySlice<UInt8>) -> Int32? {
        var value: Int32 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value * 16 + Int32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value * 16 + Int32(digit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value * 16 + Int32(digit - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return value
    }
}

/// A pattern or subject read one character at a time, UTF-8 decoded the
/// extension's way: malformed sequences read as U+FFFD.
struct ShellRegexInput {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func peek() -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    mutating func nextCharacterIgnoringCase() -> Int32 {
        let character = nextCharacter()
        return character >= UInt8(ascii: "A") && character <= UInt8(ascii: "Z") ? character + 0x20 : character
    }

    mutating func nextCharacter() -> Int32 {
        guard index < bytes.count else { return 0 }
        let lead = UInt32(bytes[index])
        index += 1
        guard lead >= 0x80 else { return Int32(lead) }
        func continuation(_ offset: Int) -> UInt32? {
            index + offset < bytes.count && bytes[index + offset] & 0xC0 == 0x80 ? UInt32(bytes[index + offset] & 0x3F) : nil
        }
        if lead & 0xE0 == 0xC0, let b1 = continuation(0) {
            index += 1
            let value = (lead & 0x1F) << 6 | b1
            return value < 0x80 ? 0xFFFD : Int32(value)
        }
        if lead & 0xF0 == 0xE0, let b1 = continuation(0), let b2 = continuation(1) {
            index += 2
            let value = (lead & 0x0F) << 12 | b1 << 6 | b2
            return value <= 0x7FF || (value >= 0xD800 && value <= 0xDFFF) ? 0xFFFD : Int32(value)
        }
        if lead & 0xF8 == 0xF0, let b1 = continuation(0), let b2 = continuation(1), let b3 = continuation(2) {
            index += 3
            let value = (lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
            return value <= 0xFFFF || value > 0x10FFFF ? 0xFFFD : Int32(value)
        }
        return 0xFFFD
    }
}
