import Foundation

/// A stand-in for AppKit's view-based `NSTableView`. Each rule, with the
/// documentation it follows:
///
/// - Each `insertRows`, `removeRows`, `moveRow` and
///   `reloadData(forRowIndexes:columnIndexes:)` call applies at once, in
///   the coordinates the previous calls left ("Calling this method
///   multiple times within the same beginUpdates() and endUpdates() block
///   is allowed, and changes are processed incrementally"); removed rows
///   are named "with respect to the current state displayed in the table
///   view", inserted ones by "the final positions of the new rows"; the
///   number of rows changes with each call ("automatically increased [or
///   decreased] by the count of indexes"). An index out of bounds is
///   recorded in ``exceptions`` as an `NSRangeException`.
/// - The views of inserted and reloaded rows are asked of the delegate at
///   once (AppKit may ask at any time once a row exists), so a delegate
///   must answer for the rows as they stand after every call.
/// - A reload does not re-query row heights ("it is your responsibility
///   to invoke noteHeightOfRows(withIndexesChanged:)"): the stand-in
///   records those calls in ``notedHeightChanges``.
///
/// AppKit documents no check of the data source's `numberOfRows(in:)`
/// against the table's own count, so the stand-in makes none: the table
/// keeps its count until `reloadData()`, and tests compare what it shows
/// with the data source.
///
/// https://developer.apple.com/documentation/appkit/nstableview
@MainActor
open class NSTableView: NSControl {
    /// https://developer.apple.com/documentation/appkit/nstableview/animationoptions
    public struct AnimationOptions: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let effectFade = AnimationOptions(rawValue: 0x1)
        public static let effectGap = AnimationOptions(rawValue: 0x2)
        public static let slideUp = AnimationOptions(rawValue: 0x10)
        public static let slideDown = AnimationOptions(rawValue: 0x20)
        public static let slideLeft = AnimationOptions(rawValue: 0x30)
        public static let slideRight = AnimationOptions(rawValue: 0x40)
    }

    /// A row as shown: whether it is a group row, and its views (one per
    /// column, or one for a group row).
    struct Row {
        var isGroup: Bool
        var views: [NSView?]
    }

    /// https://developer.apple.com/documentation/appkit/nstableview/datasource
    open weak var dataSource: (any NSTableViewDataSource)? {
        didSet { isLoaded = false }
    }
    /// https://developer.apple.com/documentation/appkit/nstableview/delegate
    open weak var delegate: (any NSTableViewDelegate)? {
        didSet { isLoaded = false }
    }
    /// https://developer.apple.com/documentation/appkit/nstableview/tablecolumns
    open private(set) var tableColumns: [NSTableColumn] = []

    var rows: [Row] = []
    private var isLoaded = false
    private var depth = 0
    private var reusable: [NSUserInterfaceItemIdentifier: [NSView]] = [:]
    /// The exceptions raised so far, oldest first (stand-in only).
    public private(set) var exceptions: [StandInException] = []
    /// The index sets passed to `noteHeightOfRows(withIndexesChanged:)`,
    /// oldest first (stand-in only).
    public private(set) var notedHeightChanges: [IndexSet] = []

    /// https://developer.apple.com/documentation/appkit/nstableview/addtablecolumn(_:)
    open func addTableColumn(_ tableColumn: NSTableColumn) {
        tableColumns.append(tableColumn)
    }

    /// https://developer.apple.com/documentation/appkit/nstableview/numberofcolumns
    open var numberOfColumns: Int { tableColumns.count }

    /// https://developer.apple.com/documentation/appkit/nstableview/numberofrows
    open var numberOfRows: Int {
        loadIfNeeded()
        return rows.count
    }

    // MARK: Views

    /// A view given back for reuse with that identifier, or nil (the
    /// stand-in has no nibs to make one from).
    ///
    /// https://developer.apple.com/documentation/appkit/nstableview/makeview(withidentifier:owner:)
    open func makeView(withIdentifier identifier: NSUserInterfaceItemIdentifier, owner: Any?) -> NSView? {
        reusable[identifier]?.popLast()
    }

    /// https://developer.apple.com/documentation/appkit/nstableview/view(atcolumn:row:makeifnecessary:)
    open func view(atColumn column: Int, row: Int, makeIfNecessary: Bool) -> NSView? {
        loadIfNeeded()
        guard rows.indices.contains(row), rows[row].views.indices.contains(column) else { return nil }
        return rows[row].views[column]
    }

    private func makeRow(_ index: Int) -> Row {
        if let provider = dataSource as? any RowViewProviding {
            let isGroup = provider.isGroupRow(index)
            let columns: [NSTableColumn?] = isGroup || tableColumns.isEmpty ? [tableColumns.first] : tableColumns
            return Row(isGroup: isGroup, views: columns.map { provider.view(in: self, column: $0, row: index) })
        }
        let isGroup = delegate?.tableView(self, isGroupRow: index) ?? false
        if isGroup || tableColumns.isEmpty {
            return Row(isGroup: isGroup, views: [delegate?.tableView(self, viewFor: nil, row: index)])
        }
        return Row(isGroup: false, views: tableColumns.map { delegate?.tableView(self, viewFor: $0, row: index) })
    }

    private func enqueue(_ row: Row) {
        for case let view? in row.views {
            if let identifier = view.identifier { reusable[identifier, default: []].append(view) }
        }
    }

    // MARK: Updates

    /// https://developer.apple.com/documentation/appkit/nstableview/reloaddata()
    open func reloadData() {
        for row in rows { enqueue(row) }
        isLoaded = true
        rows = (0..<(dataSource?.numberOfRows(in: self) ?? 0)).map(makeRow)
    }

    private func loadIfNeeded() {
        if !isLoaded { reloadData() }
    }

    /// https://developer.apple.com/documentation/appkit/nstableview/beginupdates()
    open func beginUpdates() {
        loadIfNeeded()
        depth += 1
    }

    /// https://developer.apple.com/documentation/appkit/nstableview/endupdates()
    open func endUpdates() {
        depth = max(depth - 1, 0)
    }

    /// Records the rows whose height may have changed (the stand-in has no
    /// heights to measure).
    ///
    /// https://developer.apple.com/documentation/appkit/nstableview/noteheightofrows(withindexeschanged:)
    open func noteHeightOfRows(withIndexesChanged indexSet: IndexSet) {
        notedHeightChanges.append(indexSet)
    }

    /// Inserts rows at their final indexes (in ascending order, each in
    /// the coordinates left by the previous one), then asks for their views.
    ///
    /// https://developer.apple.com/documentation/appkit/nstableview/insertrows(at:withanimation:)
    open func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {
        apply { () throws(StandInException) in
            for index in indexes {
                guard index <= rows.count else {
                    throw StandInException(.range, "insertRows: row \(index) beyond the \(rows.count) rows of the table")
                }
                rows.insert(Row(isGroup: false, views: []), at: index)
            }
            for index in indexes { rows[index] = makeRow(index) }
        }
    }

    /// Removes rows named in the table's current coordinates.
    ///
    /// https://developer.apple.com/documentation/appkit/nstableview/removerows(at:withanimation:)
    open func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {
        apply { () throws(StandInException) in
            if let last = indexes.last, last >= rows.count {
                throw StandInException(.range, "removeRows: row \(last) beyond the \(rows.count) rows of the table")
            }
            for index in indexes.reversed() { enqueue(rows.remove(at: index)) }
        }
    }

    /// Moves a row, keeping its views (their content is not refreshed).
    ///
    /// https://developer.apple.com/documentation/appkit/nstableview/moverow(at:to:)
    open func moveRow(at oldIndex: Int, to newIndex: Int) {
        apply { () throws(StandInException) in
            guard rows.indices.contains(oldIndex), rows.indices.contains(newIndex) else {
                throw StandInException(.range, "moveRow: row \(oldIndex) to \(newIndex) beyond the \(rows.count) rows of the table")
            }
            rows.insert(rows.remove(at: oldIndex), at: newIndex)
        }
    }

    /// Asks the delegate for the views of the rows again, at once.
    ///
    /// https://developer.apple.com/documentation/appkit/nstableview/reloaddata(forrowindexes:columnindexes:)
    open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {
        apply { () throws(StandInException) in
            if let last = rowIndexes.last, last >= rows.count {
                throw StandInException(.range, "reloadData(forRowIndexes:): row \(last) beyond the \(rows.count) rows of the table")
            }
            for index in rowIndexes {
                enqueue(rows[index])
                rows[index] = makeRow(index)
            }
        }
    }

    /// Runs one call, recording the exception it raises.
    private func apply(_ body: () throws(StandInException) -> Void) {
        loadIfNeeded()
        do {
            try body()
        } catch {
            raise(error.name, error.reason)
        }
    }

    /// Records an exception raised outside the table's own calls (by a
    /// diffable data source), leaving the rows as they are.
    func record(_ exception: StandInException) {
        exceptions.append(exception)
    }

    private func raise(_ name: StandInException.Name, _ reason: String) {
        exceptions.append(StandInException(name, reason))
        depth = 0
        reloadData()
    }
}

/// What only the stand-in offers.
extension NSTableView {
    /// Whether a row is shown as a group row (asked when the row was
    /// inserted or reloaded).
    public func isShownAsGroupRow(_ row: Int) -> Bool {
        _ = numberOfRows
        return rows.indices.contains(row) && rows[row].isGroup
    }
}

/// A data source that makes the views of its rows itself: a diffable data
/// source, whose cell provider "replaces the `tableView(_:viewFor:row:)`
/// delegate method" (`NSTableViewDiffableDataSource.init(tableView:cellProvider:)`).
@MainActor
protocol RowViewProviding: AnyObject {
    /// The view of a row (a group row's, with a nil column).
    func view(in tableView: NSTableView, column: NSTableColumn?, row: Int) -> NSView?
    /// Whether a row is a section header.
    func isGroupRow(_ row: Int) -> Bool
}
