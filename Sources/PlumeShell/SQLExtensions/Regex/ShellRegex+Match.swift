extension ShellRegex {
    /// Whether the pattern matches somewhere in `subject` (up to its first
    /// NUL byte), running all automaton states in step, one character at
    /// a time.
    func matches(_ subject: [UInt8]) -> Bool {
        let text = Array(subject.prefix { $0 != 0 })
        var input = ShellRegexInput(text)
        var character = ShellRegex.startOfInput
        if !prefix.isEmpty {
            while input.index + prefix.count <= text.count && !text[input.index...].starts(with: prefix) {
                input.index += 1
            }
            if input.index + prefix.count > text.count { return false }
            character = ShellRegex.startOfInput - 1
        }
        var next = StateSet()
        next.add(0)
        while character != ShellRegex.endOfInput && !next.states.isEmpty {
            let previous = character
            character = ignoresCase ? input.nextCharacterIgnoringCase() : input.nextCharacter()
            var current = next
            next = StateSet()
            var position = 0
            while position < current.states.count {
                let state = current.states[position]
                position += 1
                let argument = arguments[state]
                switch ops[state] {
                case .match: if argument == character { next.add(state + 1) }
                case .atStart: if previous == ShellRegex.startOfInput { current.add(state + 1) }
                case .any: if character != 0 { next.add(state + 1) }
                case .word: if ShellRegex.isWord(character) { next.add(state + 1) }
                case .notWord: if !ShellRegex.isWord(character) && character != 0 { next.add(state + 1) }
                case .digit: if ShellRegex.isDigit(character) { next.add(state + 1) }
                case .notDigit: if !ShellRegex.isDigit(character) && character != 0 { next.add(state + 1) }
                case .space: if ShellRegex.isSpace(character) { next.add(state + 1) }
                case .notSpace: if !ShellRegex.isSpace(character) && character != 0 { next.add(state + 1) }
                case .boundary: if ShellRegex.isWord(character) != ShellRegex.isWord(previous) { current.add(state + 1) }
                case .anyStar:
                    next.add(state)
                    current.add(state + 1)
                case .fork:
                    current.add(state + Int(argument))
                    current.add(state + 1)
                case .goto: current.add(state + Int(argument))
                case .accept: return true
                case .classExcluding, .classIncluding:
                    if ops[state] == .classExcluding && character == 0 { break }
                    if classContains(at: state, character) != (ops[state] == .classExcluding) {
                        next.add(state + Int(argument))
                    }
                case .classValue, .classRange: break
                }
            }
        }
        for var state in next.states {
            while ops[state] == .goto { state += Int(arguments[state]) }
            if ops[state] == .accept { return true }
        }
        return false
    }

    /// Whether the class whose header is at `state` holds `character`.
    private func classContains(at state: Int, _ character: Int32) -> Bool {
        let count = Int(arguments[state])
        var offset = 1
        while offset < count {
            if ops[state + offset] == .classValue {
                if arguments[state + offset] == character { return true }
            } else {
                if arguments[state + offset] <= character && arguments[state + offset + 1] >= character { return true }
                offset += 1
            }
            offset += 1
        }
        return false
    }

    /// Active states, each once, in the order they were reached. State
    /// numbers are 16-bit in the extension.
    private struct StateSet {
        var states: [Int] = []
        mutating func add(_ state: Int) {
            let number = Int(UInt16(truncatingIfNeeded: state))
            if !states.contains(number) { states.append(number) }
        }
    }

    static func isWord(_ c: Int32) -> Bool {
        isDigit(c) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || c == UInt8(ascii: "_")
    }

    static func isDigit(_ c: Int32) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    static func isSpace(_ c: Int32) -> Bool { c == UInt8(ascii: " ") || (c >= UInt8(ascii: "\t") && c <= UInt8(ascii: "\r")) }
}
