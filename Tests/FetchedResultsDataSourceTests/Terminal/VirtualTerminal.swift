import PlumeTerminal

/// A terminal emulator just big enough to check what the terminal list
/// writes: cursor moves (`ESC[r;cH`, `ESC[H`), clear (`ESC[2J`), styles
/// (ignored) and text, with wide characters taking two cells.
struct VirtualTerminal {
    private(set) var cells: [[String]]
    private var row = 0, column = 0
    /// The lines rewritten by the last `feed`.
    private(set) var linesWritten: Set<Int> = []

    init(size: TerminalSize) {
        cells = Array(repeating: Array(repeating: " ", count: size.columns), count: size.rows)
    }

    mutating func feed(_ output: String) {
        linesWritten = []
        var characters = output[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            guard character == "\u{1B}" else {
                put(character)
                continue
            }
            // CSI: ESC [ parameters final-byte
            characters = characters.dropFirst()
            let parameters = characters.prefix { !$0.isLetter }
            characters = characters.dropFirst(parameters.count)
            let final = characters.first
            characters = characters.dropFirst()
            let numbers = parameters.split(separator: ";").compactMap { Int($0) }
            switch final {
            case "H":
                row = (numbers.first ?? 1) - 1
                column = (numbers.count > 1 ? numbers[1] : 1) - 1
            case "J":
                cells = cells.map { $0.map { _ in " " } }
            default:
                break  // styles, cursor visibility
            }
        }
    }

    private mutating func put(_ character: Character) {
        guard cells.indices.contains(row), column < cells[row].count else { return }
        linesWritten.insert(row)
        cells[row][column] = String(character)
        if character.displayWidth == 2, column + 1 < cells[row].count { cells[row][column + 1] = "" }
        column += character.displayWidth
    }

    /// The text of each line, trailing spaces removed.
    var text: [String] {
        cells.map { String($0.joined().reversed().drop(while: { $0 == " " }).reversed()) }
    }
}
