import ArgumentParser
import Foundation
import Persistence
import PlumeShell
import PlumeTerminal

/// `plume history show`: the recorded changes as JSON lines.
struct HistoryShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the recorded changes, one JSON object a line, oldest first.",
        discussion: """
            Each line: {"token":"ID:SEQ","table":…,"operation":"insert|update|delete|conflict|bulk|enabled",
            "key":ROWID or 'PRIMARY','KEY' literals,"date":"ISO 8601"}. Pass the last token to
            --since next time to print only what came after it.

            --values adds the values of tables recorded with values (plume history enable --values):
            "old" and "new" objects of column values (an update's hold the columns it changed; values
            as plume watch writes them, a blob as {"base64":…}) and "values":true, or "values":false for
            an entry recorded keys only. --format text prints one line a change instead, values as SQL
            literals by the sqlite3 shell's quoting rules: TOKEN TABLE OPERATION KEY old(col=…) new(col=…).

            \(HistoryExitCode.helpText)
            """)

    @OptionGroup var options: HistoryDatabaseOptions

    @Option(help: "Print only the changes after this token (ID:SEQ).")
    var since: String?

    @Flag(help: "Print the recorded values too (old and new rows).")
    var values = false

    /// How each change is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case jsonl
        case text
    }

    @Option(help: "jsonl (one JSON object a line, the default) or text (values as SQL literals).")
    var format: Format = .jsonl

    func validate() throws {
        if let since, ChangeHistoryToken(since) == nil {
            throw ValidationError("--since \(since) is not a token (ID:SEQ, as printed by plume history show)")
        }
    }

    func run() throws {
        try HistoryExitCode.reportingErrors {
            let history = try options.with(writable: false) { db in try db.changeHistory(since: since.flatMap(ChangeHistoryToken.init)) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var text = ""
            for entry in history.entries {
                switch format {
                case .jsonl: text += try HistoryLine(entry).json(encoder, values: values) + "\n"
                case .text: text += HistoryLine(entry).text(values: values) + "\n"
                }
            }
            StandardStreams.write(text)
        }
    }
}

/// One line of `plume history show`.
struct HistoryLine: Encodable {
    enum Key: Encodable {
        case integer(Int64)
        case text(String)
        case null

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .integer(let value): try container.encode(value)
            case .text(let value): try container.encode(value)
            case .null: try container.encodeNil()
            }
        }
    }

    var token: String
    var table: String
    var operation: String
    var key: Key
    var date: String
    private var entry: ChangeHistoryEntry

    private enum CodingKeys: String, CodingKey {
        case token, table, operation, key, date
    }

    init(_ entry: ChangeHistoryEntry) {
        self.entry = entry
        token = entry.token.description
        table = entry.table
        operation = entry.operation.description
        switch entry.key {
        case .integer(let value): key = .integer(value)
        case .null: key = .null
        default: key = .text(entry.key.description)
        }
        date = HistoryLine.internetDate(entry.date)
    }
}

extension HistoryLine {
    /// The JSON object; with `values`, `"old"` and `"new"` (when the entry
    /// has them) and `"values"` (whether it was recorded with values).
    func json(_ encoder: JSONEncoder, values: Bool) throws -> String {
        let base = String(decoding: try encoder.encode(self), as: UTF8.self)
        guard values else { return base }
        var extra = ""
        if let old = entry.oldRow { extra += ",\"old\":" + JSONLine.row(old) }
        if let new = entry.newRow { extra += ",\"new\":" + JSONLine.row(new) }
        return base.dropLast() + extra + ",\"values\":\(entry.hasValues)}"
    }

    /// `TOKEN TABLE OPERATION KEY`, and with `values` the rows as
    /// `old(col=LITERAL, …) new(…)`, or `keys-only`.
    func text(values: Bool) -> String {
        var line = "\(token) \(table.isEmpty ? "-" : table) \(operation) \(entry.key)"
        guard values, entry.operation != .enabled, entry.operation != .bulk else { return line }
        guard entry.hasValues else { return line + " keys-only" }
        func literals(_ row: Row) -> String {
            zip(row.layout.columns, row).map { "\($0)=\(SQLLiteral.literal($1))" }.joined(separator: ", ")
        }
        if let old = entry.oldRow { line += " old(\(literals(old)))" }
        if let new = entry.newRow { line += " new(\(literals(new)))" }
        return line
    }
}
