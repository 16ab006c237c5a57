import ArgumentParser
import Foundation
import Persistence
import PlumeTerminal

/// `plume history show`: the recorded changes as JSON lines.
struct HistoryShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the recorded changes, one JSON object a line, oldest first.",
        discussion: """
            Each line: {"token":"ID:SEQ","table":…,"operation":"insert|update|delete|enabled",
            "key":ROWID or 'PRIMARY','KEY' literals,"date":"ISO 8601"}. Pass the last token to
            --since next time to print only what came after it.

            \(HistoryExitCode.helpText)
            """)

    @OptionGroup var options: HistoryDatabaseOptions

    @Option(help: "Print only the changes after this token (ID:SEQ).")
    var since: String?

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
                text += String(decoding: try encoder.encode(HistoryLine(entry)), as: UTF8.self) + "\n"
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

    init(_ entry: ChangeHistoryEntry) {
        token = entry.token.description
        table = entry.table
        operation = entry.operation.description
        switch entry.key {
        case .integer(let value): key = .integer(value)
        case .null: key = .null
        default: key = .text(entry.key.description)
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        date = formatter.string(from: entry.date)
    }
}
