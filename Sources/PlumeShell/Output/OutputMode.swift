/// How query results are printed, with the `sqlite3` shell's mode names.
package enum OutputMode: Int, CaseIterable, Sendable {
    // Raw values follow sqlite3's MODE_* order, which `.show` and `.mode`
    // rely on for their names.
    case line = 0, column, list, semi, html, insert, quote, tcl, csv, explain, ascii, pretty, eqp, json,
         markdown, table, box, count, off

    /// The name `.mode` and `.show` print.
    package var name: String {
        ["line", "column", "list", "semi", "html", "insert", "quote", "tcl", "csv", "explain", "ascii",
         "prettyprint", "eqp", "json", "markdown", "table", "box", "count", "off"][rawValue]
    }

    /// Whether the mode lays results out in aligned columns (all rows are
    /// read before the first is printed).
    var isColumnar: Bool {
        self == .column || self == .markdown || self == .table || self == .box
    }

    /// The modes `plume query --mode` accepts (`tabs` is list mode with
    /// tab separators).
    package static let queryModeNames = ["list", "tabs", "csv", "json", "line", "markdown", "box", "table", "column", "quote", "html", "insert"]

    /// The modes a user can name, for messages and completion.
    static let userNames = ["ascii", "box", "column", "csv", "html", "insert", "json", "line", "list", "markdown",
                            "qbox", "quote", "table", "tabs", "tcl"]
}

/// The settings that shape printed results: what `.mode`, `.headers`,
/// `.nullvalue`, `.separator` and `.width` change.
package struct OutputSettings {
    package var mode: OutputMode = .list
    package var showHeader = false
    /// Whether `.headers` was used (`.mode column` then keeps the choice).
    var headerWasSet = false
    var nullValue: [UInt8] = []
    package var columnSeparator: [UInt8] = Array("|".utf8)
    var rowSeparator: [UInt8] = Array("\n".utf8)
    /// The table name of `insert` mode, already quoted when needed.
    var insertTable: [UInt8] = Array("\"table\"".utf8)
    /// `.width` values; negative means right-aligned.
    var columnWidths: [Int] = []
    /// Columnar options (`--wrap N`, `--wordwrap`, `--quote`).
    var wrap = 60
    var wordWrap = false
    var quoteColumns = false
    /// `.dump --newlines`: keep newlines in quoted text.
    var keepNewlines = false

    /// `sqlite3`'s defaults: list mode, `|` between columns, no header.
    package init() {}

    /// Separators `sqlite3` uses.
    package static let comma: [UInt8] = Array(",".utf8)
    static let pipe: [UInt8] = Array("|".utf8)
    package static let tab: [UInt8] = [UInt8(ascii: "\t")]
    static let newline: [UInt8] = [UInt8(ascii: "\n")]
    static let crlf: [UInt8] = [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
}
