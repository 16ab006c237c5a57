import Foundation

/// The change history's clock: marks `(seq, time)` saying that every
/// change up to `seq` was written no later than `time`.
///
/// The recording triggers write no time per row: reading the clock in
/// every trigger would cost the writer on every changed row. Plume
/// connections mark the clock instead when they enable or prune the
/// history, and an observing writer does after its own commits (at most
/// once a minute; one that only follows other processes' commits writes
/// nothing, so that it never holds a lock another writer did not expect). An entry's ``ChangeHistoryEntry/date`` is the time
/// of the first mark at or after it: an upper bound of when it was
/// written. Age-based pruning deletes a change only when a mark at or
/// after it is older than the maximum age, so it never deletes a change
/// younger than that age; it may keep one longer, until the next mark.
enum ChangeHistoryClock {
    /// How often an observing writer marks the clock while changes keep
    /// coming.
    static let followingInterval: Duration = .seconds(60)

    /// Marks the clock: every change recorded so far was written by now.
    /// An existing mark for the same change keeps its earlier time.
    static func mark(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO main.plume_history_clock (seq, time) SELECT max(seq), julianday('now') FROM main.plume_history WHERE true
            ON CONFLICT (seq) DO NOTHING
            """)
    }

    /// The first boundary that age-based pruning may use: one past the
    /// newest change written before `maximumAge` ago, or nil.
    static func boundary(olderThan maximumAge: Duration, _ db: Database) throws -> Int64? {
        let days = Double(maximumAge.components.seconds) / 86_400 + Double(maximumAge.components.attoseconds) / 86_400e18
        return try Int64.fetchOne(db, sql: "SELECT max(seq) + 1 FROM main.plume_history_clock WHERE time <= julianday('now') - ?", arguments: [days])
    }

    /// Forgets the marks of pruned changes.
    static func prune(before boundary: Int64, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM main.plume_history_clock WHERE seq < ?", arguments: [boundary])
    }

    /// The dates of changes `sequences` (ascending): the time of the first
    /// mark at or after each, or `now` when no mark covers it yet.
    static func dates(of sequences: [Int64], _ db: Database) throws -> [Date] {
        guard let first = sequences.first else { return [] }
        let marks = try Row.fetchAll(db, sql: "SELECT seq, time FROM main.plume_history_clock WHERE seq >= ? ORDER BY seq", arguments: [first])
            .compactMap { row -> (seq: Int64, time: Double)? in
                guard case .integer(let seq) = row[0], case .real(let time) = row[1] else { return nil }
                return (seq, time)
            }
        var dates: [Date] = []
        dates.reserveCapacity(sequences.count)
        var markIndex = 0
        for sequence in sequences {
            while markIndex < marks.count, marks[markIndex].seq < sequence { markIndex += 1 }
            dates.append(markIndex < marks.count ? Date(timeIntervalSince1970: (marks[markIndex].time - 2_440_587.5) * 86_400) : Date())
        }
        return dates
    }
}
