import Foundation

/// How much change history to keep. Pruning never removes the newest
/// change, nor a change an observer of this connection has yet to read.
public struct ChangeHistoryRetention: Sendable, Hashable {
    /// Changes older than this are pruned; nil keeps changes of any age.
    /// Default 7 days.
    public var maximumAge: Duration? = .seconds(7 * 24 * 3600)
    /// At most this many changes are kept; nil keeps any number. An
    /// observing writer prunes once the history holds an eighth more.
    /// Default 100,000.
    public var maximumCount: Int? = 100_000

    /// Keeps changes for 7 days, and at most 100,000 of them.
    public init() {}

    /// Keeps changes for `maximumAge` and at most `maximumCount` of them.
    public init(maximumAge: Duration?, maximumCount: Int?) {
        self.maximumAge = maximumAge
        self.maximumCount = maximumCount
    }
}

extension Database {
    /// Deletes the changes recorded before `token` (the change at `token`
    /// is kept, so `token` stays valid). Tokens older than `token` are
    /// refused from then on with ``ChangeHistoryError/Code/tokenPruned``.
    ///
    /// - Returns: How many changes were deleted.
    /// - Throws: ``ChangeHistoryError`` when the history is not enabled,
    ///   the token belongs to another database or was already pruned; or a
    ///   ``DatabaseError``.
    @discardableResult
    public func deleteChangeHistory(before token: ChangeHistoryToken) throws -> Int {
        try inTransaction(.immediate) {
            let state = try changeHistoryState()
            return try prune(before: try state.check(token, self), state)
        }
    }

    /// Deletes the changes the retention does not keep: older than
    /// `retention.maximumAge`, or beyond the newest
    /// `retention.maximumCount`.
    ///
    /// A change's age is read from the history's clock
    /// (``ChangeHistoryEntry/date``): a change is deleted for its age only
    /// once a clock mark at or after it is older than the maximum age, so
    /// no younger change is ever deleted.
    ///
    /// - Parameter retention: What to keep; the connection's
    ///   ``Configuration/changeHistoryRetention`` by default.
    /// - Returns: How many changes were deleted.
    /// - Throws: ``ChangeHistoryError`` when the history is not enabled, or
    ///   a ``DatabaseError``.
    @discardableResult
    public func pruneChangeHistory(_ retention: ChangeHistoryRetention? = nil) throws -> Int {
        let retention = retention ?? configuration.changeHistoryRetention
        return try inTransaction(.immediate) {
            let state = try changeHistoryState()
            var boundary = state.prunedBefore
            if let count = retention.maximumCount {
                boundary = max(boundary, state.newest - Int64(max(count, 1)) + 1)
            }
            if let age = retention.maximumAge {
                // Every change so far was written by now.
                try ChangeHistoryClock.mark(self)
                if let olderThanAge = try ChangeHistoryClock.boundary(olderThan: age, self) {
                    boundary = max(boundary, olderThanAge)
                }
            }
            return try prune(before: boundary, state)
        }
    }

    /// Deletes changes before `boundary`, never the newest nor one an
    /// observer or an undo stack of this connection still needs, and
    /// records how far the history was pruned.
    private func prune(before boundary: Int64, _ state: ChangeHistoryState) throws -> Int {
        var boundary = min(boundary, state.newest)
        if let floor = changeHistoryFloor { boundary = min(boundary, floor) }
        if let floor = changeHistoryUndoFloor { boundary = min(boundary, floor) }
        guard boundary > state.prunedBefore else { return 0 }
        // `pruned_before` first: the guard on plume_history lets only rows
        // before it be deleted.
        try execute(sql: "UPDATE main.plume_history_meta SET value = ? WHERE key = 'pruned_before'", arguments: [boundary])
        try execute(sql: "DELETE FROM main.plume_history WHERE seq < ?", arguments: [boundary])
        let deleted = changesCount
        try ChangeHistoryClock.prune(before: boundary, self)
        return deleted
    }
}
