import ArgumentParser
import Persistence
import PlumeTerminal

/// `plume history prune`: delete old changes.
struct HistoryPruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete recorded changes before a token or older than a duration.",
        discussion: """
            Without --before or --older-than, keeps the default retention: 7 days and at most \
            100,000 changes. The newest change is always kept. Live lists whose token was pruned \
            refetch instead.

            Examples:
              plume history prune photos.sqlite --before 2c1e…:42
              plume history prune photos.sqlite --older-than 12h

            \(HistoryExitCode.helpText)
            """)

    @OptionGroup var options: HistoryDatabaseOptions

    @Option(help: "Delete the changes before this token (ID:SEQ); the change at the token is kept.")
    var before: String?

    @Option(help: "Delete the changes older than this: a number and s, m, h or d (90s, 15m, 12h, 7d).")
    var olderThan: String?

    func validate() throws {
        if before != nil, olderThan != nil { throw ValidationError("use --before or --older-than, not both") }
        if let before, ChangeHistoryToken(before) == nil {
            throw ValidationError("--before \(before) is not a token (ID:SEQ, as printed by plume history show)")
        }
        if let olderThan, Self.duration(olderThan) == nil {
            throw ValidationError("--older-than \(olderThan) is not a duration (a number and s, m, h or d: 90s, 15m, 12h, 7d)")
        }
    }

    func run() throws {
        try HistoryExitCode.reportingErrors {
            let deleted = try options.with(writable: true) { db in
                if let token = before.flatMap(ChangeHistoryToken.init) {
                    return try db.deleteChangeHistory(before: token)
                }
                let retention = olderThan.flatMap(Self.duration).map { ChangeHistoryRetention(maximumAge: $0, maximumCount: nil) }
                return try db.pruneChangeHistory(retention)
            }
            StandardStreams.print("deleted \(deleted) change\(deleted == 1 ? "" : "s")")
        }
    }

    /// `90s`, `15m`, `12h`, `7d` as a duration; nil when malformed.
    static func duration(_ text: String) -> Duration? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = text.last, let seconds = units[unit], let count = Int64(text.dropLast()), count >= 0 else { return nil }
        return .seconds(count * seconds)
    }
}
