import Persistence

extension ResultsDiff {
    /// The change set from an older snapshot of the same request to a newer
    /// one, by the keyed diff: what a consumer that fell behind gets when
    /// the updates it missed are merged into one (``UpdateMailbox``).
    ///
    /// - Throws: ``DuplicateIdentity`` (never for two snapshots of one
    ///   controller, whose identities were checked when fetched), or, with
    ///   a batch size, what loading a page of new rows throws.
    /// - Complexity: O(n log n) for n rows.
    static func changes<Item>(from old: FetchedResultsSnapshot<Item>, to new: FetchedResultsSnapshot<Item>) throws -> ChangeSet<Item> {
        let positional = try changes(from: old.storage.keyed, to: new.storage.keyed)
        return try positional.changeSet(newSections: new.storage.sections) { index in try new.object(atGlobal: index) }
    }
}

extension ChangeSet where Item: FetchableRecord {
    /// The change set that turns one snapshot of a request into another,
    /// whether one controller computed both or two did: what a list shows
    /// when it moves to another controller of the same request (on the
    /// database file opened again after ``FetchedResultsError/Code-swift.struct/databaseFileReplaced``,
    /// say) without reloading.
    ///
    /// Rows are matched by identity; a row whose values or column names
    /// changed is updated.
    ///
    /// - Parameters:
    ///   - old: The snapshot the list shows.
    ///   - new: The snapshot to show.
    /// - Throws: With a batch size, what loading a page of `new` throws.
    /// - Complexity: O(n log n) for n rows.
    public static func difference(from old: FetchedResultsSnapshot<Item>, to new: FetchedResultsSnapshot<Item>) throws -> ChangeSet<Item> {
        try ResultsDiff.changes(from: old, to: new)
    }
}
