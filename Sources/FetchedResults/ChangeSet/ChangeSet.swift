import Foundation

/// The changes between two states of a sectioned list, in the coordinates
/// a table or collection view applies in one batch update.
///
/// - Deleted sections, deleted rows and the `from` of moves and updates are
///   positions in the **old** state.
/// - Inserted sections, inserted rows and the `to` of moves and updates are
///   positions in the **new** state.
/// - An inserted section carries its items; a moved row carries its item
///   (with ``RowMove/isContentChanged`` when its content changed too), so a
///   consumer reconfigures it at its new position after the batch.
/// - Updates name rows that stay in place; apply them as reloads at `from`
///   inside the batch, or reconfigure at `to` after it.
///
/// Every change set Plume produces keeps the rules of
/// <doc:ChangeSets>; ``ListUpdateRules/validate(_:from:to:id:changedIDs:)``
/// checks them.
public struct ChangeSet<Item: Sendable>: Sendable {
    /// A section inserted at `index` in the new state, with its rows.
    public struct SectionInsert: Sendable {
        /// The section's position in the new state.
        public var index: Int
        /// The section, with all its items.
        public var section: ListSection<Item>

        /// Creates a section insertion.
        public init(index: Int, section: ListSection<Item>) {
            self.index = index
            self.section = section
        }
    }

    /// A row inserted at `indexPath` in the new state.
    public struct RowInsert: Sendable {
        /// The row's position in the new state.
        public var indexPath: IndexPath
        /// The new row.
        public var item: Item

        /// Creates a row insertion.
        public init(indexPath: IndexPath, item: Item) {
            self.indexPath = indexPath
            self.item = item
        }
    }

    /// A row that moved from an old position to a new one.
    public struct RowMove: Sendable {
        /// The row's position in the old state.
        public var from: IndexPath
        /// The row's position in the new state.
        public var to: IndexPath
        /// The row's current content.
        public var item: Item
        /// Whether the content changed too: reconfigure the row at `to`
        /// after the batch.
        public var isContentChanged: Bool

        /// Creates a row move.
        public init(from: IndexPath, to: IndexPath, item: Item, isContentChanged: Bool) {
            self.from = from
            self.to = to
            self.item = item
            self.isContentChanged = isContentChanged
        }
    }

    /// A row whose content changed while it stayed in place.
    public struct RowUpdate: Sendable {
        /// The row's position in the old state (where a batch reloads it).
        public var from: IndexPath
        /// The row's position in the new state (where it is after the batch).
        public var to: IndexPath
        /// The row's new content.
        public var item: Item

        /// Creates a row update.
        public init(from: IndexPath, to: IndexPath, item: Item) {
            self.from = from
            self.to = to
            self.item = item
        }
    }

    /// Old positions of deleted sections, ascending.
    public var deletedSections: [Int]
    /// New positions of inserted sections with their rows, ascending.
    public var insertedSections: [SectionInsert]
    /// Old positions of deleted rows, ascending.
    public var deletedRows: [IndexPath]
    /// New positions of inserted rows, ascending.
    public var insertedRows: [RowInsert]
    /// Rows that moved, ordered by destination.
    public var movedRows: [RowMove]
    /// Rows that changed in place, ordered by old position.
    public var updatedRows: [RowUpdate]

    /// Creates a change set.
    public init(
        deletedSections: [Int] = [], insertedSections: [SectionInsert] = [],
        deletedRows: [IndexPath] = [], insertedRows: [RowInsert] = [],
        movedRows: [RowMove] = [], updatedRows: [RowUpdate] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.deletedRows = deletedRows
        self.insertedRows = insertedRows
        self.movedRows = movedRows
        self.updatedRows = updatedRows
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && deletedRows.isEmpty
            && insertedRows.isEmpty && movedRows.isEmpty && updatedRows.isEmpty
    }

    /// The number of section and row operations.
    public var count: Int {
        deletedSections.count + insertedSections.count + deletedRows.count
            + insertedRows.count + movedRows.count + updatedRows.count
    }

    /// The same changes with each item transformed (for example from a
    /// record to a view model).
    public func map<T: Sendable>(_ transform: (Item) throws -> T) rethrows -> ChangeSet<T> {
        ChangeSet<T>(
            deletedSections: deletedSections,
            insertedSections: try insertedSections.map {
                .init(index: $0.index, section: ListSection(name: $0.section.name, items: try $0.section.items.map(transform)))
            },
            deletedRows: deletedRows,
            insertedRows: try insertedRows.map { .init(indexPath: $0.indexPath, item: try transform($0.item)) },
            movedRows: try movedRows.map { .init(from: $0.from, to: $0.to, item: try transform($0.item), isContentChanged: $0.isContentChanged) },
            updatedRows: try updatedRows.map { .init(from: $0.from, to: $0.to, item: try transform($0.item)) })
    }
}

extension ChangeSet {
    /// The moved rows whose content changed too: what a list refreshes
    /// after the batch, at their new index paths (a move does not refresh
    /// a cell). The one place this is decided.
    package var contentChangedMoves: [RowMove] {
        movedRows.filter(\.isContentChanged)
    }
}
