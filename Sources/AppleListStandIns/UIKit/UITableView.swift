import Foundation

/// A stand-in for UIKit's `UITableView`. It shows every row (each
/// inserted or reloaded row asks its data source for a cell at once) and
/// checks every batch update as UIKit documents it, recording an
/// `NSInternalInconsistencyException` in ``exceptions`` where UIKit raises
/// one (and ends the app). Each rule, with the documentation it enforces:
///
/// - Counts: "The number of rows contained in an existing section after
///   the update … must be equal to the number of rows contained in that
///   section before the update, plus or minus the number of rows inserted
///   or deleted from that section … and plus or minus the number of rows
///   moved into or out of that section" (UIKit's exception text, the
///   contract of `performBatchUpdates(_:completion:)`: "update your
///   table's data source to reflect your changes").
/// - Coordinates: deletes and reloads name "the state of the table view
///   prior to any updates", inserts the state after them;
///   "`UITableView` defers any insertions of rows or sections until after
///   it has handled the deletions" (`deleteRows(at:with:)`,
///   `reloadRows(at:with:)`). An index out of bounds raises.
/// - A reload inside a batch "behaves similarly to
///   deleteRowsAtIndexPaths:withRowAnimation:" (`reloadRows(at:with:)`),
///   so a row reloaded and also deleted or moved is deleted twice, and
///   raises; the reloaded row's new cell is asked as an insert (see
///   `BatchUpdate.resolve`: where it lands when rows also move is not
///   documented, so Plume never reloads inside such a batch).
/// - Reconfigure: "Your cell provider must dequeue the same type of cell
///   for the provided index path, and must return the same existing cell
///   for a given index path" (`reconfigureRows(at:)`).
/// - Dequeue: an identifier with no registered class raises ("Before
///   dequeueing any cells, call this method … to tell the table view how
///   to create new cells", `register(_:forCellReuseIdentifier:)`).
///
/// Not documented, and stricter here (Plume's change sets never meet
/// them: rule 4 of the list-update rules): a row inserted or moved into a
/// section the same batch inserts, a row moved out of or reconfigured in
/// a section it deletes. A row deleted or reloaded in a deleted section
/// is taken by the section delete.
///
/// The updates block runs once, before `performBatchUpdates` returns:
/// UIKit's header declares it `NS_NOESCAPE`.
///
/// https://developer.apple.com/documentation/uikit/uitableview
@MainActor
open class UITableView: UIScrollView {
    /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum
    public enum Style: Int, Sendable {
        case plain, grouped, insetGrouped
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/rowanimation
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.property
    public let style: UITableView.Style
    /// https://developer.apple.com/documentation/uikit/uitableview/datasource
    open weak var dataSource: (any UITableViewDataSource)? {
        didSet { list.reset() }
    }
    /// https://developer.apple.com/documentation/uikit/uitableview/delegate
    open weak var delegate: (any UITableViewDelegate)?
    /// https://developer.apple.com/documentation/uikit/uitableview/isediting
    open var isEditing = false

    private var registered: [String: UITableViewCell.Type] = [:]
    lazy var list = BatchedList<UITableViewCell, String>(row: "row", questions: questions)

    /// https://developer.apple.com/documentation/uikit/uitableview/init(frame:style:)
    public init(frame: CGRect, style: UITableView.Style) {
        self.style = style
        super.init(frame: frame)
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/init(coder:)
    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
    }

    private var questions: ListQuestions<UITableViewCell, String> {
        ListQuestions(
            numberOfSections: { [unowned self] in dataSource?.numberOfSections(in: self) ?? 0 },
            numberOfRows: { [unowned self] in dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0 },
            cell: { [unowned self] in dataSource?.tableView(self, cellForRowAt: $0) },
            title: { [unowned self] in dataSource?.tableView(self, titleForHeaderInSection: $0) },
            indexTitles: { [unowned self] in dataSource?.sectionIndexTitles(for: self) })
    }

    // MARK: Cells

    /// https://developer.apple.com/documentation/uikit/uitableview/register(_:forcellreuseidentifier:)-(anyclass?,_)
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registered[identifier] = cellClass as? UITableViewCell.Type
    }

    /// A reused cell, the cell being reconfigured at that index path, or a
    /// new cell of the class registered for the identifier.
    ///
    /// https://developer.apple.com/documentation/uikit/uitableview/dequeuereusablecell(withidentifier:for:)
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        let cell = list.dequeue(identifier, for: indexPath) {
            registered[identifier].map { $0.init(style: .default, reuseIdentifier: identifier) }
        }
        guard let cell else {
            list.record(StandInException(.internalInconsistency, "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"))
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        return cell
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/cellforrow(at:)
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        list.loadIfNeeded()
        return list.cell(at: indexPath)
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/numberofsections
    open var numberOfSections: Int {
        list.loadIfNeeded()
        return list.cells.count
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/numberofrows(insection:)
    open func numberOfRows(inSection section: Int) -> Int {
        list.loadIfNeeded()
        return list.cells[section].count
    }

    // MARK: Updates

    /// https://developer.apple.com/documentation/uikit/uitableview/reloaddata()
    open func reloadData() {
        list.noteChange(reloading: true)
        list.reload()
    }

    /// True while a drop or a reorder is in progress (stand-in:
    /// `simulateDrop(inProgress:)`).
    ///
    /// https://developer.apple.com/documentation/uikit/uitableview/hasuncommittedupdates
    open var hasUncommittedUpdates: Bool { list.hasUncommittedUpdates }

    /// Applies the operations the block makes as one batch, checked when
    /// the block returns; the data source must switch to the new state
    /// inside the block.
    ///
    /// https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        list.noteChange(reloading: false)
        list.performBatchUpdates(updates, completion: completion)
    }

    /// Asks the data source for the section index again; a batch that
    /// inserts or deletes sections does not ("This method gives you a way
    /// to update the section index after inserting or deleting sections
    /// without having to reload the whole table").
    ///
    /// https://developer.apple.com/documentation/uikit/uitableview/reloadsectionindextitles()
    open func reloadSectionIndexTitles() {
        list.reloadIndexTitles()
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/insertsections(_:with:)
    open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        list.record { $0.insertedSections += sections }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/deletesections(_:with:)
    open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        list.record { $0.deletedSections += sections }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/insertrows(at:with:)
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        list.record { $0.insertedRows += indexPaths }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/deleterows(at:with:)
    open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        list.record { $0.deletedRows += indexPaths }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/reloadrows(at:with:)
    open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        list.record { $0.reloadedRows += indexPaths }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/moverow(at:to:)
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        list.record { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/reconfigurerows(at:)
    open func reconfigureRows(at indexPaths: [IndexPath]) {
        list.reconfigure(at: indexPaths)
    }
}
