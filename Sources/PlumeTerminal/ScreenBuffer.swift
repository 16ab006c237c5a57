import Foundation

/// How a screen line is drawn.
public enum ScreenStyle: Sendable, Equatable {
    /// Plain text.
    case plain
    /// Bold text: column titles and section headers.
    case bold
    /// Reversed colours: the title bar.
    case inverse
    /// Dimmed text: the status line.
    case dim
    /// A row just inserted.
    case inserted
    /// A row just moved.
    case moved
    /// A row whose content just changed.
    case updated

    /// The SGR escape sequence that starts the style.
    var escape: String {
        switch self {
        case .plain: ""
        case .bold: "\u{1B}[1m"
        case .inverse: "\u{1B}[7m"
        case .dim: "\u{1B}[2m"
        case .inserted: "\u{1B}[1;32m"
        case .moved: "\u{1B}[1;33m"
        case .updated: "\u{1B}[1;36m"
        }
    }
}

/// One line of a screen: text exactly as wide as the screen, and a style.
public struct ScreenLine: Sendable, Equatable {
    /// The text, fitted to the screen's width.
    public var text: String
    /// How the line is drawn.
    public var style: ScreenStyle

    /// Creates a line.
    public init(text: String, style: ScreenStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// The size of a terminal, in character cells.
public struct TerminalSize: Sendable, Equatable {
    /// The number of lines.
    public var rows: Int
    /// The number of columns.
    public var columns: Int

    /// Creates a size.
    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    /// The size to use for what a terminal reported: a dimension it reports
    /// as 0 comes from `LINES` or `COLUMNS` when they hold a positive
    /// number, else it is 24 rows or 80 columns.
    public init(reportedRows: Int, reportedColumns: Int, environment: [String: String]) {
        func fallback(_ name: String, _ standard: Int) -> Int {
            // Blanks around the number are allowed (tabs and space separators,
            // Foundation's `whitespaces`), without linking full Foundation.
            let isBlank = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
            return environment[name].flatMap { value in
                let scalars = value.unicodeScalars.drop(while: isBlank).reversed().drop(while: isBlank).reversed()
                return Int(String(String.UnicodeScalarView(scalars)))
            }.flatMap { $0 > 0 ? $0 : nil } ?? standard
        }
        rows = reportedRows > 0 ? reportedRows : fallback("LINES", 24)
        columns = reportedColumns > 0 ? reportedColumns : fallback("COLUMNS", 80)
    }
}

/// A fixed-size screen: what a terminal shows, line by line.
///
/// A `TerminalList` renders into a buffer; a ``ScreenWriter`` turns the
/// difference between two buffers into the escapes that update a terminal.
/// Tests read buffers directly, without a terminal.
public struct ScreenBuffer: Sendable, Equatable {
    /// The size of the screen.
    public let size: TerminalSize
    /// The lines, exactly `size.rows` of them, each `size.columns` wide.
    public private(set) var lines: [ScreenLine]

    /// Creates a blank screen.
    public init(size: TerminalSize) {
        self.size = size
        self.lines = Array(repeating: ScreenLine(text: "".fitted(toWidth: size.columns)), count: max(size.rows, 0))
    }

    /// Sets a line, fitting its text to the width; lines past the bottom
    /// are ignored.
    public mutating func setLine(_ row: Int, _ text: String, style: ScreenStyle = .plain) {
        guard lines.indices.contains(row) else { return }
        lines[row] = ScreenLine(text: text.fitted(toWidth: size.columns), style: style)
    }

    /// The text of every line, without styles or trailing spaces.
    public var text: [String] {
        lines.map { String($0.text.reversed().drop(while: { $0 == " " }).reversed()) }
    }
}

/// Updates a terminal from screen buffers, rewriting only the lines that
/// differ from what it last wrote.
public struct ScreenWriter: Sendable {
    private var shown: ScreenBuffer?

    /// Creates a writer for a terminal whose content is unknown.
    public init() {}

    /// The escapes that turn the terminal from the last buffer written into
    /// `screen`: a full redraw the first time and after a resize, otherwise
    /// one cursor move and rewrite per changed line.
    ///
    /// - Complexity: O(r·c) for r lines of c columns.
    public mutating func update(to screen: ScreenBuffer) -> String {
        var output = ""
        let previous = shown?.size == screen.size ? shown : nil
        if previous == nil { output += "\u{1B}[H\u{1B}[2J" }
        for (row, line) in screen.lines.enumerated() where previous?.lines[row] != line {
            output += "\u{1B}[\(row + 1);1H\(line.style.escape)\(line.text)\u{1B}[0m"
        }
        shown = screen
        return output
    }

    /// Forgets what the terminal shows, so the next update redraws it all.
    public mutating func invalidate() {
        shown = nil
    }
}
