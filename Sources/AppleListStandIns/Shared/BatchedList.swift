import Foundation

/// A cell a UIKit list reuses: `UITableViewCell`, `UICollectionViewCell`.
@MainActor
protocol ReusableCell: AnyObject {
    /// The identifier it was dequeued with.
    var reuseIdentifier: String? { get }
    /// Called before the cell is handed out again.
    func prepareForReuse()
}

/// What a UIKit list asks its data source, as closures the list sets up.
/// `Header` is what a section's header shows: a title for a table view, a
/// supplementary view for a collection view.
@MainActor
struct ListQuestions<Cell, Header> {
    var numberOfSections: () -> Int
    var numberOfRows: (Int) -> Int
    var cell: (IndexPath) -> Cell?
    var title: (Int) -> Header?
    /// The titles of the section index; nil for none.
    var indexTitles: () -> [String]? = { nil }
}

/// The part `UITableView` and `UICollectionView` share: the cells shown,
/// batch updates checked and applied as UIKit documents them, a reuse
/// queue per identifier, and the exceptions raised.
///
/// Every row is shown (no scrolling): each inserted or reloaded row asks
/// its data source for a cell at once, at its index path after the batch.
@MainActor
final class BatchedList<Cell: ReusableCell, Header> {
    /// The cells shown, by section.
    private(set) var cells: [[Cell]] = []
    /// The section headers shown (titles, or supplementary views).
    private(set) var titles: [Header?] = []
    /// The section index shown: asked by `reloadData()` and
    /// `reloadSectionIndexTitles()` only.
    private(set) var indexTitles: [String]?
    private(set) var isLoaded = false
    private(set) var exceptions: [StandInException] = []
    var questions: ListQuestions<Cell, Header>
    /// UIKit's word for a row in its messages.
    let row: String

    /// A drop or a reorder in progress (set by the test, through the
    /// views' `simulateDrop(inProgress:)`).
    var hasUncommittedUpdates = false
    /// The reloads and batch updates asked while ``hasUncommittedUpdates``.
    private(set) var changesDuringUncommittedUpdates = 0

    private var depth = 0
    private var pending = BatchUpdate()
    private var completions: [(Bool) -> Void] = []
    private var reusable: [String: [Cell]] = [:]
    /// The cell being reconfigured: the data source must dequeue it again.
    private var reconfiguring: (path: IndexPath, cell: Cell)?

    init(row: String, questions: ListQuestions<Cell, Header>) {
        self.row = row
        self.questions = questions
    }

    // MARK: Loading

    /// Asks the data source for everything, as `reloadData()` does.
    func reload() {
        for cell in cells.joined() { enqueue(cell) }
        isLoaded = true
        let sectionCount = questions.numberOfSections()
        titles = (0..<sectionCount).map(questions.title)
        indexTitles = questions.indexTitles()
        cells = []
        for section in 0..<sectionCount {
            cells.append((0..<questions.numberOfRows(section)).compactMap { row in
                questions.cell(IndexPath(standInRow: row, section: section))
            })
        }
    }

    /// The section headers shown, loading the list first if needed.
    var loadedTitles: [Header?] {
        loadIfNeeded()
        return titles
    }

    /// The section index shown, loading the list first if needed.
    var loadedIndexTitles: [String]? {
        loadIfNeeded()
        return indexTitles
    }

    /// Asks the data source for the section index again.
    func reloadIndexTitles() {
        loadIfNeeded()
        indexTitles = questions.indexTitles()
    }

    /// Forgets what was loaded: a new data source is asked again when the
    /// list is next needed.
    func reset() {
        isLoaded = false
    }

    /// Loads the list the first time it is needed (UIKit loads at the
    /// first layout, or when a batch starts).
    func loadIfNeeded() {
        if !isLoaded { reload() }
    }

    /// Records an exception that leaves the list as it is (a dequeue that
    /// fails while the list asks for a cell).
    func record(_ exception: StandInException) {
        exceptions.append(exception)
    }

    /// Records an exception that ends the batch under way, then shows what
    /// the data source says, so that a test can go on.
    func raise(_ exception: StandInException) {
        exceptions.append(exception)
        depth = 0
        pending = BatchUpdate()
        reload()
    }

    /// Counts a reload or a batch asked while the list has uncommitted
    /// updates: "When this property is true, avoid making any significant
    /// changes to the table view. Specifically, don't call reloadData()"
    /// (`hasUncommittedUpdates`). A reload then is recorded as an
    /// exception; a batch, which UIKit only advises against, is counted.
    func noteChange(reloading: Bool) {
        guard hasUncommittedUpdates else { return }
        changesDuringUncommittedUpdates += 1
        if reloading {
            record(StandInException(.internalInconsistency, "reloadData() while hasUncommittedUpdates is true: the uncommitted changes (a drop, a reorder) are lost"))
        }
    }

    // MARK: Batches

    /// Runs the updates block once, before returning, and keeps nothing
    /// of it: UIKit's header declares it `NS_NOESCAPE`. The completion
    /// handler runs when the animations end (``finishAnimations()``).
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        loadIfNeeded()
        depth += 1
        updates?()
        if let completion { completions.append(completion) }
        guard depth > 0 else { return }  // raised inside
        depth -= 1
        if depth == 0 { commit() }
    }

    /// Records an operation; outside a batch it is a batch of its own.
    func record(_ operation: (inout BatchUpdate) -> Void) {
        loadIfNeeded()
        guard depth == 0 else { return operation(&pending) }
        operation(&pending)
        commit()
    }

    private func commit() {
        let batch = pending
        pending = BatchUpdate()
        // Even an empty batch checks the counts, as UIKit does.
        let sectionCount = questions.numberOfSections()
        var rowCounts: [Int: Int] = [:]
        do throws(StandInException) {
            let rows = try batch.resolve(old: cells, newSectionCount: sectionCount, newRowCount: { section in
                if let count = rowCounts[section] { return count }
                let count = questions.numberOfRows(section)
                rowCounts[section] = count
                return count
            }, row: row)
            let old = cells
            try show(rows, insertedSections: Set(batch.insertedSections), deletedSections: Set(batch.deletedSections))
            // Cells no longer shown (deleted and reloaded rows) are reused
            // from the next batch on.
            let shown = Set(cells.joined().map(ObjectIdentifier.init))
            for cell in old.joined() where !shown.contains(ObjectIdentifier(cell)) { enqueue(cell) }
        } catch {
            raise(error)
        }
    }

    /// Shows the rows of a resolved batch: new cells for new and reloaded
    /// rows, reconfigured ones for the rest.
    private func show(_ rows: [[RowAfterBatch<Cell>]], insertedSections: Set<Int>,
                      deletedSections: Set<Int>) throws(StandInException) {
        var titles: [Header?] = []
        var next: [[Cell]] = []
        // Surviving sections keep their header, in order.
        var oldTitle = self.titles.enumerated().lazy.filter { !deletedSections.contains($0.offset) }.map(\.element).makeIterator()
        for (section, sectionRows) in rows.enumerated() {
            titles.append(insertedSections.contains(section) ? questions.title(section) : oldTitle.next() ?? nil)
            var shown: [Cell] = []
            for (index, row) in sectionRows.enumerated() {
                let path = IndexPath(standInRow: index, section: section)
                switch row {
                case .kept(let cell): shown.append(cell)
                case .fresh: if let cell = questions.cell(path) { shown.append(cell) }
                case .reconfigured(let cell): shown.append(try reconfigure(cell, at: path))
                }
            }
            next.append(shown)
        }
        cells = next
        self.titles = titles
    }

    /// Completes the running animations: calls the completion handlers
    /// with `true`.
    func finishAnimations() {
        let completions = self.completions
        self.completions = []
        for completion in completions { completion(true) }
    }

    // MARK: Reconfigure

    /// Reconfigures rows: outside a batch at their current index paths,
    /// inside one at their index paths before it.
    func reconfigure(at paths: [IndexPath]) {
        loadIfNeeded()
        if depth > 0 { return pending.reconfiguredRows += paths }
        do throws(StandInException) {
            for path in paths {
                guard cells.indices.contains(path.sectionIndex), cells[path.sectionIndex].indices.contains(path.rowIndex) else {
                    throw StandInException(.internalInconsistency, "attempt to reconfigure \(row) \(path.standInText), which does not exist")
                }
                _ = try reconfigure(cells[path.sectionIndex][path.rowIndex], at: path)
            }
        } catch {
            raise(error)
        }
    }

    /// Asks the data source for the cell of a row again; it must dequeue
    /// and return the cell the row shows.
    private func reconfigure(_ cell: Cell, at path: IndexPath) throws(StandInException) -> Cell {
        reconfiguring = (path, cell)
        defer { reconfiguring = nil }
        let returned = questions.cell(path)
        if let exception = reconfigureFailure { reconfigureFailure = nil; throw exception }
        guard returned === cell else {
            throw StandInException(.internalInconsistency, "the data source returned another cell while reconfiguring \(row) \(path.standInText): it must return the existing cell")
        }
        return cell
    }

    private var reconfigureFailure: StandInException?

    // MARK: Dequeue

    /// A cell for an identifier: the cell being reconfigured at that index
    /// path, a reused one, or a new one.
    func dequeue(_ identifier: String, for path: IndexPath, make: () -> Cell?) -> Cell? {
        if let reconfiguring, reconfiguring.path == path {
            guard reconfiguring.cell.reuseIdentifier == identifier else {
                reconfigureFailure = StandInException(.internalInconsistency, "attempt to dequeue a cell with identifier \(identifier) while reconfiguring \(row) \(path.standInText), which shows a cell with identifier \(reconfiguring.cell.reuseIdentifier ?? "nil"): a reconfigure must dequeue the same type of cell (reload the row instead)")
                return reconfiguring.cell
            }
            return reconfiguring.cell
        }
        if let cell = reusable[identifier]?.popLast() {
            cell.prepareForReuse()
            return cell
        }
        return make()
    }

    private func enqueue(_ cell: Cell) {
        guard let identifier = cell.reuseIdentifier else { return }
        reusable[identifier, default: []].append(cell)
    }

    // MARK: Reading

    func cell(at path: IndexPath) -> Cell? {
        guard cells.indices.contains(path.sectionIndex), cells[path.sectionIndex].indices.contains(path.rowIndex) else { return nil }
        return cells[path.sectionIndex][path.rowIndex]
    }

    /// The user drags a row: when the data source allows it and the
    /// destination exists, the list moves the cell itself, then tells the
    /// data source.
    ///
    /// - Returns: Whether the row moved.
    func moveByUser(from source: IndexPath, to destination: IndexPath, allowed: () -> Bool, tell: () -> Void) -> Bool {
        loadIfNeeded()
        guard cell(at: source) != nil, allowed() else { return false }
        var counts = cells.map(\.count)
        counts[source.sectionIndex] -= 1
        guard counts.indices.contains(destination.sectionIndex),
              (0...counts[destination.sectionIndex]).contains(destination.rowIndex) else { return false }
        let cell = cells[source.sectionIndex].remove(at: source.rowIndex)
        cells[destination.sectionIndex].insert(cell, at: destination.rowIndex)
        tell()
        return true
    }
}
