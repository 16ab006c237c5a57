import Foundation

extension ChangeSet {
    /// The new state: `old` with these changes applied the way a list view
    /// applies one batch (deletes before inserts, everything not named
    /// keeping its relative order).
    ///
    /// A consumer that keeps its own copy of the list uses this to follow
    /// the controller; tests use it as the rebuild check of the rules.
    ///
    /// - Parameter old: The state the change set was computed from.
    /// - Returns: The new state.
    /// - Throws: ``ListUpdateViolation`` when the change set does not fit
    ///   `old` (an index out of bounds, counts that do not add up).
    /// - Complexity: O(n log n) for n rows in `old` and the new state.
    public func applied(to old: [ListSection<Item>]) throws(ListUpdateViolation) -> [ListSection<Item>] {
        var application = try ChangeSetApplication(self, to: old)
        try application.collectRemovals()
        try application.collectPlacements()
        return try application.filledSections()
    }
}

extension IndexPath {
    /// `[section, row]`: how Plume's rules, errors, steps and terminal
    /// lists write an index path (the one helper for it).
    package var listText: String { "[\(section), \(item)]" }
}
