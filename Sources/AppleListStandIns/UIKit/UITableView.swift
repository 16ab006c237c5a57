import Foundation

/// A stand-in for UIKit's `UITableView`, stricter than the real one: it
/// shows every row (each inserted or reloaded row asks its data source for
/// a cell at once) and checks every batch update the way UIKit documents,
/// recording an `NSInternalInconsistencyException` in ``exceptions``
/// where UIKit raises one (and ends the app):
///
/// - after a batch, a section's row count that is not its count before
///   plus insertions minus deletions, plus or minus moves;
/// - an index path out of bounds, or named twice (deleted twice, deleted
///   and reloaded, moved and reloaded, inserted and moved to…);
/// - a row operation inside a section inserted or deleted by the same batch;
/// - a reconfigure whose data source dequeues another kind of cell, or
///   returns a cell other than the one shown;
/// - a dequeue with an identifier no class was registered for.
///
/// It keeps the updates block of each batch until ``finishAnimations()``
/// (UIKit's Swift signature lets it keep the block: it escapes).
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
    lazy var list = BatchedList<UITableViewCell>(row: "row", questions: questions)

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

    private var questions: ListQuestions<UITableViewCell> {
        ListQuestions(
            numberOfSections: { [unowned self] in dataSource?.numberOfSections(in: self) ?? 0 },
            numberOfRows: { [unowned self] in dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0 },
            cell: { [unowned self] in dataSource?.tableView(self, cellForRowAt: $0) },
            title: { [unowned self] in dataSource?.tableView(self, titleForHeaderInSection: $0) })
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
        list.reload()
    }

    /// Applies the operations the block makes as one batch, checked when
    /// the block returns; the data source must switch to the new state
    /// inside the block.
    ///
    /// https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        list.performBatchUpdates(updates, completion: completion)
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
