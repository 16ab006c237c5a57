import AppleListStandIns
import Foundation
import Testing

/// The stand-in diffable snapshot and data sources: the checks Apple
/// documents, and apply computing what the view shows.
@MainActor
@Suite struct DiffableStandInTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, String>

    /// A snapshot of sections named by their first letter: `["a1", "a2"]`
    /// goes in section "a".
    static func snapshot(_ sections: [[String]]) -> Snapshot {
        var snapshot = Snapshot()
        for items in sections {
            let name = String(items.first?.prefix(1) ?? "?")
            snapshot.appendSections([name])
            snapshot.appendItems(items, toSection: name)
        }
        return snapshot
    }

    /// A table whose diffable data source shows each item as its text,
    /// with the kind of cell `kind` gives, and a counter in the cell's
    /// detail to tell configurations apart.
    static func table(kind: @escaping (String) -> String = { _ in "Cell" })
        -> (UITableView, UITableViewDiffableDataSource<String, String>) {
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Other")
        let dataSource = UITableViewDiffableDataSource<String, String>(tableView: table) { tableView, indexPath, item in
            let cell = tableView.dequeueReusableCell(withIdentifier: kind(item), for: indexPath)
            cell.textLabel?.text = item
            return cell
        }
        return (table, dataSource)
    }

    // MARK: The snapshot's documented checks

    @Test func duplicateItemIdentifiersAreRefusedAndRaisedAtApply() {
        var snapshot = Self.snapshot([["a1", "a2"]])
        snapshot.appendItems(["a3", "a3"], toSection: "a")
        snapshot.insertItems(["a1"], beforeItem: "a2")
        #expect(snapshot.exceptions.count == 2)
        #expect(snapshot.exceptions.allSatisfy { $0.name == .internalInconsistency && $0.reason.contains("must be unique") })
        #expect(snapshot.itemIdentifiers == ["a1", "a2"], "nothing refused was added")
        let (table, dataSource) = Self.table()
        dataSource.apply(snapshot)
        #expect(table.exceptions.count == 2 && table.shownText == [], "a snapshot that raised is not shown")
    }

    @Test func duplicateSectionIdentifiersAreRefused() {
        var snapshot = Self.snapshot([["a1"]])
        snapshot.appendSections(["b", "b"])
        snapshot.insertSections(["a"], beforeSection: "a")
        #expect(snapshot.exceptions.count == 2 && snapshot.sectionIdentifiers == ["a"])
    }

    @Test func operationsOnIdentifiersTheSnapshotDoesNotHoldAreRefused() {
        var snapshot = Self.snapshot([["a1"]])
        snapshot.insertItems(["a2"], beforeItem: "zz")
        snapshot.deleteItems(["zz"])
        snapshot.reconfigureItems(["zz"])
        snapshot.reloadItems(["zz"])
        snapshot.moveItem("a1", afterItem: "zz")
        snapshot.appendItems(["b1"], toSection: "b")
        snapshot.deleteSections(["b"])
        #expect(snapshot.exceptions.count == 7)
        var empty = Snapshot()
        empty.appendItems(["a1"])
        #expect(empty.exceptions.count == 1, "items need a section")
        #expect(snapshot.itemIdentifiers == ["a1"])
    }

    @Test func editsPlaceItemsAndSections() {
        var snapshot = Self.snapshot([["a1", "a4"], ["c1"]])
        snapshot.insertItems(["a2", "a3"], afterItem: "a1")
        snapshot.insertSections(["b"], beforeSection: "c")
        snapshot.appendItems(["b1"], toSection: "b")
        snapshot.moveItem("c1", beforeItem: "a1")
        snapshot.moveSection("c", afterSection: "a")
        #expect(snapshot.exceptions.isEmpty)
        #expect(snapshot.sectionIdentifiers == ["a", "c", "b"])
        #expect(snapshot.itemIdentifiers == ["c1", "a1", "a2", "a3", "a4", "b1"])
        #expect(snapshot.sectionIdentifier(containingItem: "c1") == "a" && snapshot.numberOfItems(inSection: "c") == 0)
        #expect(snapshot.indexOfItem("a2") == 2 && snapshot.indexOfSection("b") == 2)
    }

    // MARK: Apply

    @Test func applyDiffsByIdentifierMovedCellsStayAndInsertedOnesAreNew() {
        let (table, dataSource) = Self.table()
        dataSource.applySnapshotUsingReloadData(Self.snapshot([["a1", "a2", "a3"], ["b1"]]))
        let cells = table.displayedCells
        dataSource.apply(Self.snapshot([["a3", "a1", "a9"], ["c1"]]))
        #expect(table.exceptions.isEmpty && table.shownText == [["a3", "a1", "a9"], ["c1"]])
        #expect(table.displayedCells[0][0] === cells[0][2] && table.displayedCells[0][1] === cells[0][0], "moved rows keep their cells")
        #expect(dataSource.itemIdentifier(for: IndexPath(row: 2, section: 0)) == "a9")
        #expect(dataSource.indexPath(for: "c1") == IndexPath(row: 0, section: 1))
        #expect(dataSource.sectionIdentifier(for: 1) == "c" && dataSource.index(for: "c") == 1)
    }

    @Test func reconfiguredItemsKeepTheirCellsAndReloadedOnesGetNewCells() {
        var texts = ["a1": "one", "a2": "two"]
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        let dataSource = UITableViewDiffableDataSource<String, String>(tableView: table) { tableView, indexPath, item in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            cell.textLabel?.text = texts[item]
            return cell
        }
        var snapshot = Self.snapshot([["a1", "a2"]])
        dataSource.apply(snapshot)
        let cells = table.displayedCells[0]
        texts = ["a1": "ONE", "a2": "TWO"]
        snapshot.reconfigureItems(["a1"])
        snapshot.reloadItems(["a2"])
        dataSource.apply(snapshot)
        #expect(table.exceptions.isEmpty && table.shownText == [["ONE", "TWO"]])
        #expect(table.displayedCells[0][0] === cells[0], "a reconfigured item keeps its cell")
        #expect(dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty, "the snapshot applied asks for nothing more")
    }

    @Test func aReconfigureThatDequeuesAnotherKindOfCellRaises() {
        var other: Set<String> = []
        let (table, dataSource) = Self.table { other.contains($0) ? "Other" : "Cell" }
        var snapshot = Self.snapshot([["a1"]])
        dataSource.apply(snapshot)
        other = ["a1"]
        snapshot.reconfigureItems(["a1"])
        dataSource.apply(snapshot)
        // "Your cell provider must dequeue the same type of cell for the
        // provided index path" (reconfigureItems(_:)).
        #expect(table.exceptions.count == 1)
    }

    @Test func sectionsThatChangeOrderAreShown() {
        let (table, dataSource) = Self.table()
        dataSource.apply(Self.snapshot([["a1"], ["b1", "b2"], ["c1"]]))
        dataSource.apply(Self.snapshot([["c1"], ["a1", "b1"], ["b2"]]))
        #expect(table.exceptions.isEmpty && table.shownText == [["c1"], ["a1", "b1"], ["b2"]])
    }

    @Test func collectionViewHeadersComeFromTheSupplementaryViewProvider() {
        let layout = UICollectionViewFlowLayout()
        layout.headerReferenceSize = CGSize(width: 320, height: 44)
        let collection = UICollectionView(frame: .zero, collectionViewLayout: layout)
        collection.register(TextCell.self, forCellWithReuseIdentifier: "Cell")
        let dataSource = UICollectionViewDiffableDataSource<String, String>(collectionView: collection) { view, indexPath, item in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
            (cell as? TextCell)?.text = item
            return cell
        }
        dataSource.apply(Self.snapshot([["a1"]]))
        #expect(collection.exceptions.count == 1, "a layout with headers and no supplementary view provider")
        dataSource.supplementaryViewProvider = { view, kind, indexPath in UICollectionReusableView(frame: .zero) }
        dataSource.applySnapshotUsingReloadData(Self.snapshot([["a1", "a2"], ["b1"]]))
        #expect(collection.exceptions.count == 1 && collection.shownText == [["a1", "a2"], ["b1"]])
        #expect(collection.displayedSectionHeaders.count == 2)
    }

    @Test func nsTableViewRowsComeFromTheCellProviderWithGroupRowsForHeaders() {
        let table = NSTableView()
        let dataSource = NSTableViewDiffableDataSource<String, String>(tableView: table) { _, _, _, item in
            NSTextField(labelWithString: item)
        }
        dataSource.sectionHeaderViewProvider = { _, _, section in NSTextField(labelWithString: "# \(section)") }
        dataSource.apply(Self.snapshot([["a1", "a2"], ["b1"]]), animatingDifferences: true)
        dataSource.apply(Self.snapshot([["b1"], ["c1", "c2"]]), animatingDifferences: true)
        let shown = (0..<table.numberOfRows).map { (table.view(atColumn: 0, row: $0, makeIfNecessary: false) as? NSTextField)?.stringValue }
        #expect(table.exceptions.isEmpty && shown == ["# b", "b1", "# c", "c1", "c2"])
        #expect(table.isShownAsGroupRow(0) && !table.isShownAsGroupRow(1))
        #expect(dataSource.itemIdentifier(forRow: 3) == "c1" && dataSource.row(forItemIdentifier: "c2") == 4)
        #expect(dataSource.sectionIdentifier(forRow: 4) == "c" && dataSource.row(forSectionIdentifier: "c") == 2)
    }
}
