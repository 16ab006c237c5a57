import Foundation

/// A stand-in for UIKit's `UITableViewDiffableDataSource`: it is the
/// table view's data source ("Creates a diffable data source with the
/// specified cell provider, and connects it to the specified table
/// view"), keeps the snapshot last applied, and applies a new one the way
/// UIKit documents: it computes the difference with the current state
/// (O(n)) and runs it as one batch update of the table view, whose own
/// checks apply; reconfigured and reloaded items are refreshed right
/// after, at their new index paths, so a reconfigure whose cell provider
/// dequeues another kind of cell raises as the table's
/// `reconfigureRows(at:)` does ("Your cell provider must dequeue the same
/// type of cell for the provided index path", `reconfigureItems(_:)`).
///
/// A snapshot whose operations raised (see
/// ``NSDiffableDataSourceSnapshot/exceptions``) is not shown: its
/// exceptions are recorded in the table's `exceptions`.
///
/// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir
@MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: NSObject, UITableViewDataSource
where SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable {
    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/cellprovider
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private let cellProvider: CellProvider
    private let list: DiffableList<SectionIdentifierType, ItemIdentifierType>
    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/defaultrowanimation
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/init(tableview:cellprovider:)
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.cellProvider = cellProvider
        list = DiffableList(view: tableView)
        super.init()
        tableView.dataSource = self
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/snapshot()
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        list.current
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/apply(_:animatingdifferences:completion:)
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        list.apply(snapshot, completion: completion)
    }

    /// "Resets the UI to reflect the state of the data in the snapshot
    /// without computing a diff or animating the changes."
    ///
    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/applysnapshotusingreloaddata(_:completion:)
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        list.reload(snapshot, completion: completion)
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/itemidentifier(for:)
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        list.itemIdentifier(for: indexPath)
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/indexpath(for:)
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        list.indexPath(for: itemIdentifier)
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/sectionidentifier(for:)
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        list.sectionIdentifier(for: index)
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/index(for:)
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        list.current.indexOfSection(sectionIdentifier)
    }

    // MARK: UITableViewDataSource

    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/numberofsections(in:)
    open func numberOfSections(in tableView: UITableView) -> Int {
        list.current.numberOfSections
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/tableview(_:numberofrowsinsection:)
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        list.numberOfItems(inSection: section)
    }

    /// The cell the cell provider gives for the row's item; a nil one
    /// raises, as a nil cell from a data source does.
    ///
    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/tableview(_:cellforrowat:)
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            tableView.record(StandInException(.internalInconsistency, "the cell provider returned no cell for row \(indexPath.standInText)"))
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        return cell
    }

    /// No title: override it in a subclass for headers.
    ///
    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/tableview(_:titleforheaderinsection:)
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        nil
    }

    /// No index: override it in a subclass for one.
    ///
    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/sectionindextitles(for:)
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? {
        nil
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/tableview(_:sectionforsectionindextitle:at:)
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }

    /// No row is editable: override it in a subclass for swipe to delete.
    /// (UIKit's class implements the method; the stand-in answers as an
    /// app that does not override it sees it: no Delete button.)
    ///
    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/tableview(_:caneditrowat:)
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        false
    }

    /// Does nothing: override it in a subclass.
    ///
    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/tableview(_:commit:forrowat:)
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    /// No row moves: override it in a subclass.
    ///
    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir/tableview(_:canmoverowat:)
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        false
    }
}
