import Foundation

/// A stand-in for UIKit's `UICollectionView`, as strict as the stand-in
/// ``UITableView``: every item shown, every batch update checked as UIKit
/// documents it, exceptions recorded in ``exceptions``.
///
/// https://developer.apple.com/documentation/uikit/uicollectionview
@MainActor
open class UICollectionView: UIScrollView {
    /// https://developer.apple.com/documentation/uikit/uicollectionview/collectionviewlayout
    open var collectionViewLayout: UICollectionViewLayout
    /// https://developer.apple.com/documentation/uikit/uicollectionview/datasource
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { list.reset() }
    }

    private var registered: [String: UICollectionViewCell.Type] = [:]
    private var registeredSupplementary: [String: UICollectionReusableView.Type] = [:]

    /// https://developer.apple.com/documentation/uikit/uicollectionview/elementkindsectionheader
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    lazy var list = BatchedList<UICollectionViewCell, UICollectionReusableView>(row: "item", questions: questions)

    /// https://developer.apple.com/documentation/uikit/uicollectionview/init(frame:collectionviewlayout:)
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/init(coder:)
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }

    private var questions: ListQuestions<UICollectionViewCell, UICollectionReusableView> {
        ListQuestions(
            numberOfSections: { [unowned self] in dataSource?.numberOfSections(in: self) ?? 0 },
            numberOfRows: { [unowned self] in dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0 },
            cell: { [unowned self] in dataSource?.collectionView(self, cellForItemAt: $0) },
            title: { [unowned self] in header(ofSection: $0) },
            indexTitles: { [unowned self] in dataSource?.indexTitles(for: self) })
    }

    /// The header view of a section, asked of the data source when the
    /// layout has headers (``UICollectionViewLayout/asksForSectionHeaders``).
    private func header(ofSection section: Int) -> UICollectionReusableView? {
        guard collectionViewLayout.asksForSectionHeaders, let dataSource else { return nil }
        return dataSource.collectionView(self, viewForSupplementaryElementOfKind: Self.elementKindSectionHeader,
                                         at: IndexPath(standInRow: 0, section: section))
    }

    // MARK: Cells

    /// https://developer.apple.com/documentation/uikit/uicollectionview/register(_:forcellwithreuseidentifier:)-(anyclass?,_)
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registered[identifier] = cellClass as? UICollectionViewCell.Type
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/dequeuereusablecell(withreuseidentifier:for:)
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        let cell = list.dequeue(identifier, for: indexPath) { () -> UICollectionViewCell? in
            guard let cellClass = registered[identifier] else { return nil }
            let cell = cellClass.init(frame: .zero)
            cell.reuseIdentifier = identifier
            return cell
        }
        guard let cell else {
            list.record(StandInException(.internalInconsistency, "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"))
            return UICollectionViewCell(frame: .zero)
        }
        return cell
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/register(_:forsupplementaryviewofkind:withreuseidentifier:)-(anyclass?,_,_)
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        registeredSupplementary[elementKind + "/" + identifier] = viewClass as? UICollectionReusableView.Type
    }

    /// A new view of the registered class (the stand-in does not model the
    /// reuse of supplementary views); an unregistered kind and identifier
    /// raise, as for cells.
    ///
    /// https://developer.apple.com/documentation/uikit/uicollectionview/dequeuereusablesupplementaryview(ofkind:withreuseidentifier:for:)
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        guard let viewClass = registeredSupplementary[elementKind + "/" + identifier] else {
            list.record(StandInException(.internalInconsistency, "could not dequeue a view of kind: \(elementKind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"))
            return UICollectionReusableView(frame: .zero)
        }
        let view = viewClass.init(frame: .zero)
        view.reuseIdentifier = identifier
        return view
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/cellforitem(at:)
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        list.loadIfNeeded()
        return list.cell(at: indexPath)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/numberofsections
    open var numberOfSections: Int {
        list.loadIfNeeded()
        return list.cells.count
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/numberofitems(insection:)
    open func numberOfItems(inSection section: Int) -> Int {
        list.loadIfNeeded()
        return list.cells[section].count
    }

    // MARK: Updates

    /// https://developer.apple.com/documentation/uikit/uicollectionview/reloaddata()
    open func reloadData() {
        list.noteChange(reloading: true)
        list.reload()
    }

    /// True while a drop or a reorder is in progress (stand-in:
    /// `simulateDrop(inProgress:)`).
    ///
    /// https://developer.apple.com/documentation/uikit/uicollectionview/hasuncommittedupdates
    open var hasUncommittedUpdates: Bool { list.hasUncommittedUpdates }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/performbatchupdates(_:completion:)
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        list.noteChange(reloading: false)
        list.performBatchUpdates(updates, completion: completion)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/insertsections(_:)
    open func insertSections(_ sections: IndexSet) {
        list.record { $0.insertedSections += sections }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/deletesections(_:)
    open func deleteSections(_ sections: IndexSet) {
        list.record { $0.deletedSections += sections }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/insertitems(at:)
    open func insertItems(at indexPaths: [IndexPath]) {
        list.record { $0.insertedRows += indexPaths }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/deleteitems(at:)
    open func deleteItems(at indexPaths: [IndexPath]) {
        list.record { $0.deletedRows += indexPaths }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/reloaditems(at:)
    open func reloadItems(at indexPaths: [IndexPath]) {
        list.record { $0.reloadedRows += indexPaths }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/moveitem(at:to:)
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        list.record { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/reconfigureitems(at:)
    open func reconfigureItems(at indexPaths: [IndexPath]) {
        list.reconfigure(at: indexPaths)
    }
}

/// What only the stand-in offers.
extension UICollectionView {
    /// The exceptions raised so far, oldest first.
    public var exceptions: [StandInException] { list.exceptions }

    /// The user drags something over the list and drops it (true), or the
    /// drop ends (false): ``hasUncommittedUpdates`` follows.
    public func simulateDrop(inProgress: Bool) {
        list.hasUncommittedUpdates = inProgress
    }

    /// The reloads and batch updates asked while ``hasUncommittedUpdates``
    /// was true.
    public var changesDuringUncommittedUpdates: Int { list.changesDuringUncommittedUpdates }

    /// The cells shown, by section, loading the view first if needed.
    public var displayedCells: [[UICollectionViewCell]] {
        list.loadIfNeeded()
        return list.cells
    }

    /// The section header views shown (nil where the layout has none):
    /// asked when the view loads and for inserted sections; surviving
    /// sections keep theirs.
    public var displayedSectionHeaders: [UICollectionReusableView?] { list.loadedTitles }

    /// The index titles shown (nil for none), as last asked by
    /// `reloadData()`.
    public var displayedIndexTitles: [String]? { list.loadedIndexTitles }


    /// Ends the running animations: completion handlers run with `true`.
    public func finishAnimations() {
        list.finishAnimations()
    }

    /// The user drags an item to another place: offered when the data
    /// source lets it move, the view moves the cell itself, then calls
    /// `collectionView(_:moveItemAt:to:)`.
    ///
    /// - Returns: Whether the item could be moved.
    @discardableResult
    public func simulateUserMove(from source: IndexPath, to destination: IndexPath) -> Bool {
        guard let dataSource else { return false }
        return list.moveByUser(from: source, to: destination,
                               allowed: { dataSource.collectionView(self, canMoveItemAt: source) },
                               tell: { dataSource.collectionView(self, moveItemAt: source, to: destination) })
    }
}
