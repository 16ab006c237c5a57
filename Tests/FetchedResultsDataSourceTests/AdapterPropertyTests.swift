import AppleListStandIns
import FetchedResults
import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResultsDataSource
@testable import FetchedResultsDataSourceCore

/// Random change sets driven through each platform adapter into its
/// stand-in: after every batch the view shows the data source's state cell
/// by cell, with the cell kind each item asks for, and the stand-in raised
/// nothing.
///
/// The stand-ins model a reload inside a batch as UIKit documents it (a
/// delete plus an insert), so an adapter that reloads changed rows inside
/// a batch that moves rows shows wrong rows here. The cell kind follows
/// the item's version (0 and 1 one kind, 2 and 3 the other…), so half the
/// content changes keep their kind (reconfigured: the cell stays) and
/// half change it (reloaded: a reconfigure would raise).
@MainActor
@Suite struct AdapterPropertyTests {
    static let rounds = PropertyTestScale.cases(300)

    static func kind(_ entry: Entry) -> String { entry.version % 4 < 2 ? "Even" : "Odd" }

    /// The reconfigure-vs-reload choice of one round: no reload inside a
    /// batch; after it, every reloaded row changed its kind of cell, and
    /// every reconfigured one kept it (the stand-in raises otherwise).
    static func expectRefreshChoice(_ refresh: RefreshLog, before: [[Entry]], after: [[Entry]], round: Int) {
        #expect(refresh.reloadedInBatch.isEmpty, "round \(round): reloads inside a batch")
        let kinds = Dictionary(before.joined().map { ($0.id, kind($0)) }, uniquingKeysWith: { first, _ in first })
        for path in refresh.reloaded {
            let entry = after[path.section][path.item]
            #expect(kinds[entry.id] != kind(entry), "round \(round): \(entry) reloaded though its kind of cell stayed")
        }
    }

    /// The state after one random step: a change set applied as it is
    /// (every shape the rules allow), or a new state diffed by the data
    /// source, sometimes with sections moved (two swapped).
    static func step(_ dataSource: ArrayDataSource<Entry, Int, some Any>, using rng: inout SeededGenerator,
                     nextID: inout Int) throws {
        let random = RandomChangeSet(old: dataSource.snapshot, using: &rng, nextID: &nextID)
        if Bool.random(using: &rng) {
            dataSource.presenter.apply(random.changes, to: random.new)
        } else {
            var new = random.new
            if new.count > 1, rng.chance(30) {
                new.swapAt(Int.random(in: 0..<new.count, using: &rng), Int.random(in: 0..<new.count, using: &rng))
            }
            try dataSource.setSections(new)
        }
    }

    @Test(arguments: [31, 32, 33])
    func tableViewShowsEveryStateCellByCell(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        let table = ListViewFixtures.tableView()
        let dataSource = try ListViewFixtures.tableDataSource(using: &rng, nextID: &nextID)
        let adapter = TableViewAdapter(tableView: table, dataSource: dataSource)
        adapter.showsSectionIndex = true
        for round in 0..<Self.rounds {
            let before = dataSource.snapshot.map(\.items)
            table.recorder.log = RefreshLog()
            try Self.step(dataSource, using: &rng, nextID: &nextID)
            if Bool.random(using: &rng) { table.finishAnimations() }
            ListViewFixtures.expectShows(table, dataSource, round: round)
            #expect(table.displayedSectionIndexTitles == dataSource.sectionIndexTitles, "round \(round)")
            Self.expectRefreshChoice(table.recorder.log, before: before, after: dataSource.snapshot.map(\.items), round: round)
            if !table.exceptions.isEmpty { break }
        }
        withExtendedLifetime(adapter) {}
    }

    @Test(arguments: [41, 42])
    func collectionViewShowsEveryStateCellByCell(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        let collection = ListViewFixtures.collectionView()
        let dataSource = try ListViewFixtures.collectionDataSource(using: &rng, nextID: &nextID)
        let adapter = CollectionViewAdapter(collectionView: collection, dataSource: dataSource, sectionHeaders: ListViewFixtures.titleHeaders)
        #expect(collection.displayedIndexTitles == nil, "the index bar is opt-in")
        for round in 0..<Self.rounds {
            let before = dataSource.snapshot.map(\.items)
            collection.recorder.log = RefreshLog()
            try Self.step(dataSource, using: &rng, nextID: &nextID)
            if Bool.random(using: &rng) { collection.finishAnimations() }
            ListViewFixtures.expectShows(collection, dataSource, round: round)
            Self.expectRefreshChoice(collection.recorder.log, before: before, after: dataSource.snapshot.map(\.items), round: round)
            if !collection.exceptions.isEmpty { break }
        }
        withExtendedLifetime(adapter) {}
    }

    @Test(arguments: [(51, true), (52, false), (53, true)])
    func nsTableViewShowsEveryStateRowByRow(seed: UInt64, headers: Bool) throws {
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        let table = CountingTableView()
        let dataSource = try ListViewFixtures.nsTableDataSource(using: &rng, nextID: &nextID)
        let adapter = NSTableViewAdapter(tableView: table, dataSource: dataSource, showsSectionHeaders: headers)
        for round in 0..<Self.rounds {
            try Self.step(dataSource, using: &rng, nextID: &nextID)
            ListViewFixtures.expectShows(table, dataSource, headers: headers, round: round)
            // Changed rows are reloaded after endUpdates(), their heights noted.
            #expect(table.notedHeightChanges == table.reloadedRows, "round \(round)")
            if !table.exceptions.isEmpty { break }
        }
        withExtendedLifetime(adapter) {}
    }
}

/// An `NSTableView` stand-in that counts its calls.
final class CountingTableView: NSTableView {
    private var depth = 0
    private(set) var removeCalls = 0
    private(set) var insertCalls = 0
    private(set) var reloadsInsideUpdates = 0
    private(set) var reloadedRows: [IndexSet] = []

    override func beginUpdates() { depth += 1; super.beginUpdates() }
    override func endUpdates() { depth -= 1; super.endUpdates() }

    override func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {
        removeCalls += 1
        super.removeRows(at: indexes, withAnimation: animationOptions)
    }

    override func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {
        insertCalls += 1
        super.insertRows(at: indexes, withAnimation: animationOptions)
    }

    override func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {
        if depth > 0 { reloadsInsideUpdates += 1 }
        reloadedRows.append(rowIndexes)
        super.reloadData(forRowIndexes: rowIndexes, columnIndexes: columnIndexes)
    }
}

/// The row refreshes a list view was asked for in one round.
struct RefreshLog {
    /// Rows reloaded inside a batch (old index paths).
    var reloadedInBatch: [IndexPath] = []
    /// Rows reloaded outside a batch.
    var reloaded: [IndexPath] = []
    /// Rows reconfigured outside a batch.
    var reconfigured: [IndexPath] = []
}

/// Logs the refreshes of a list view, knowing whether a batch is running.
@MainActor
final class RefreshRecorder {
    var log = RefreshLog()
    private var inBatch = false

    func batch(_ body: () -> Void) {
        inBatch = true
        defer { inBatch = false }
        body()
    }

    func reload(_ paths: [IndexPath]) {
        if inBatch { log.reloadedInBatch += paths } else { log.reloaded += paths }
    }

    func reconfigure(_ paths: [IndexPath]) {
        if !inBatch { log.reconfigured += paths }
    }
}

/// A table view stand-in that logs the row refreshes it is asked for.
final class RecordingTableView: UITableView {
    let recorder = RefreshRecorder()

    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        recorder.batch { super.performBatchUpdates(updates, completion: completion) }
    }

    override func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        recorder.reload(indexPaths)
        super.reloadRows(at: indexPaths, with: animation)
    }

    override func reconfigureRows(at indexPaths: [IndexPath]) {
        recorder.reconfigure(indexPaths)
        super.reconfigureRows(at: indexPaths)
    }
}

/// A collection view stand-in that logs the item refreshes it is asked for.
final class RecordingCollectionView: UICollectionView {
    let recorder = RefreshRecorder()

    override func reconfigureItems(at indexPaths: [IndexPath]) {
        recorder.reconfigure(indexPaths)
        super.reconfigureItems(at: indexPaths)
    }

    override func reloadItems(at indexPaths: [IndexPath]) {
        recorder.reload(indexPaths)
        super.reloadItems(at: indexPaths)
    }

    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        recorder.batch { super.performBatchUpdates(updates, completion: completion) }
    }
}

/// A collection view section header that shows a title.
final class TitleHeader: UICollectionReusableView {
    var title: String?
}

/// A collection view cell that shows a string.
final class LabelCell: UICollectionViewCell {
    var text = ""
}

extension NSTableView {
    /// The text of every row: `# title` for a group row, the cell view's
    /// object value for the others.
    var shownText: [String] {
        (0..<numberOfRows).map { row in
            let view = self.view(atColumn: 0, row: row, makeIfNecessary: false)
            if isShownAsGroupRow(row) { return "# \((view as? NSTextField)?.stringValue ?? "")" }
            return (view as? NSTableCellView)?.objectValue as? String ?? "?"
        }
    }
}
