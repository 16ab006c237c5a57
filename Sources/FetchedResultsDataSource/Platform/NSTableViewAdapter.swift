#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import FetchedResults
#elseif os(Linux)
import AppleListStandIns
import FetchedResults
#endif

#if (canImport(AppKit) && !targetEnvironment(macCatalyst)) || os(Linux)

/// An `NSTableView` as a list that applies one operation at a time:
/// `NSTableView` applies `removeRows`, `insertRows` and `moveRow` at once,
/// each in the coordinates the previous calls left, so
/// ``RowByRowListConsumer`` corrects every index before calling these.
///
/// Runs of rows are removed and inserted in one call each; changed rows
/// are reloaded after `endUpdates()` in one call, followed by
/// `noteHeightOfRows(withIndexesChanged:)` (AppKit: "the row height is not
/// re-queried from the delegate; it is your responsibility to invoke
/// noteHeightOfRows(withIndexesChanged:) if a row height change is
/// required").
@MainActor
public final class NSTableViewTarget: RowByRowListTarget {
    /// The table view.
    public private(set) weak var tableView: NSTableView?
    /// The animation of inserted and removed rows.
    public var animation: NSTableView.AnimationOptions = [.effectFade, .slideDown]

    /// Wraps a table view.
    public init(tableView: NSTableView) {
        self.tableView = tableView
    }

    public func beginUpdates() { tableView?.beginUpdates() }
    public func endUpdates() { tableView?.endUpdates() }
    public func removeRow(at index: Int) { removeRows(at: IndexSet(integer: index)) }
    public func insertRow(at index: Int) { insertRows(at: IndexSet(integer: index)) }
    public func removeRows(at indexes: IndexSet) { tableView?.removeRows(at: indexes, withAnimation: animation) }
    public func insertRows(at indexes: IndexSet) { tableView?.insertRows(at: indexes, withAnimation: animation) }
    public func moveRow(at oldIndex: Int, to newIndex: Int) { tableView?.moveRow(at: oldIndex, to: newIndex) }
    public func reloadData() { tableView?.reloadData() }

    public func reloadRow(at index: Int) {
        reloadRows(at: IndexSet(integer: index))
    }

    public func reloadRows(at indexes: IndexSet) {
        guard let tableView, !indexes.isEmpty else { return }
        tableView.reloadData(forRowIndexes: indexes, columnIndexes: IndexSet(integersIn: 0..<max(tableView.numberOfColumns, 1)))
        tableView.noteHeightOfRows(withIndexesChanged: indexes)
    }

    /// The view registered (in a nib) for the identifier, reused; when
    /// none is, an `NSTableCellView` with that identifier (so that AppKit
    /// reuses it) and a text field filling it, as its `textField`: set
    /// `textField?.stringValue` in the cell closure and the row shows text
    /// without any registration.
    public func dequeueCell(withIdentifier identifier: String, forRow index: Int) -> NSView {
        let identifier = NSUserInterfaceItemIdentifier(identifier)
        if let view = tableView?.makeView(withIdentifier: identifier, owner: nil) { return view }
        let view = NSTableCellView(frame: .zero)
        view.identifier = identifier
        let field = NSTextField(labelWithString: "")
        field.autoresizingMask = [.width, .height]
        view.addSubview(field)
        view.textField = field
        return view
    }

    /// The header view of a section (a group row), reused by identifier.
    func headerView(title: String) -> NSView {
        let identifier = NSUserInterfaceItemIdentifier("PlumeSectionHeader")
        let field = tableView?.makeView(withIdentifier: identifier, owner: nil) as? NSTextField ?? NSTextField(labelWithString: "")
        field.identifier = identifier
        field.stringValue = title
        return field
    }
}

/// Connects an `NSTableView` to a data source: it is the table view's data
/// source, and drives it one operation at a time. Sections show as group
/// rows titled by ``/FetchedResultsDataSourceCore/ListViewDataSource/titleForHeader(inSection:)``.
/// Keep a strong reference to it.
///
/// By default the adapter is the table's delegate too, answering
/// `tableView(_:viewFor:row:)` and `tableView(_:isGroupRow:)` and no other
/// delegate method. An app that needs its own `NSTableViewDelegate`
/// (selection, row heights, drag and drop) passes `becomesDelegate: false`
/// and calls ``view(for:row:)`` and ``isGroupRow(_:)`` from its delegate:
///
/// ```swift
/// final class PhotosDelegate: NSObject, NSTableViewDelegate {
///     var adapter: NSTableViewAdapter<FetchedResultsSnapshot<Photo>>?
///
///     func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
///         adapter?.view(for: tableColumn, row: row)
///     }
///
///     func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
///         adapter?.isGroupRow(row) ?? false
///     }
/// }
///
/// tableView.delegate = photosDelegate
/// photosDelegate.adapter = NSTableViewAdapter(tableView: tableView, dataSource: dataSource, becomesDelegate: false)
/// ```
@MainActor
public final class NSTableViewAdapter<Snapshot: ListSnapshot>: NSObject, NSTableViewDataSource, NSTableViewDelegate {
    /// The consumer that applies batches to the table.
    public let consumer: RowByRowListConsumer<NSTableViewTarget>
    /// The data source whose rows the table shows.
    public let dataSource: ListDataSource<Snapshot, NSView>

    /// Connects a table view and a data source, and loads the table.
    ///
    /// - Parameters:
    ///   - tableView: The table view.
    ///   - dataSource: The data source whose rows it shows.
    ///   - showsSectionHeaders: Whether each section starts with a group
    ///     row showing its title.
    ///   - becomesDelegate: Whether the adapter becomes the table's
    ///     delegate; pass false to keep your own, which then asks the
    ///     adapter for the views of the rows (``view(for:row:)``).
    public init(tableView: NSTableView, dataSource: ListDataSource<Snapshot, NSView>, showsSectionHeaders: Bool = true,
                becomesDelegate: Bool = true) {
        self.consumer = RowByRowListConsumer(target: NSTableViewTarget(tableView: tableView), showsSectionHeaders: showsSectionHeaders)
        self.dataSource = dataSource
        super.init()
        tableView.dataSource = self
        if becomesDelegate { tableView.delegate = self }
        dataSource.consumer = consumer
    }

    public func numberOfRows(in tableView: NSTableView) -> Int {
        consumer.numberOfShownRows
    }

    /// Whether a row of the table is a section's group row: what your
    /// delegate's `tableView(_:isGroupRow:)` answers.
    public func isGroupRow(_ row: Int) -> Bool {
        consumer.location(ofShownRow: row)?.item == nil
    }

    /// The view of a row of the table: the configured cell of an item, or
    /// a section's title for a group row. What your delegate's
    /// `tableView(_:viewFor:row:)` returns.
    public func view(for tableColumn: NSTableColumn?, row: Int) -> NSView? {
        guard let location = consumer.location(ofShownRow: row) else { return nil }
        guard let item = location.item else {
            return consumer.target.headerView(title: dataSource.titleForHeader(inSection: location.section) ?? "")
        }
        return dataSource.cell(for: consumer, at: IndexPath(item: item, section: location.section))
    }

    public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
        isGroupRow(row)
    }

    public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        view(for: tableColumn, row: row)
    }
}
#endif
