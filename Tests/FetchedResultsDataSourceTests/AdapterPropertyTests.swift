import AppleListStandIns
import FetchedResults
import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResultsDataSource

/// Random change sets driven through each platform adapter into its
/// strict stand-in: after every batch the view shows the data source's
/// state cell by cell, with the cell kind each item asks for, and the
/// stand-in raised nothing.
///
/// The cell kind follows the item's version, so a row whose content
/// changes also changes its cell type: a reconfigure would be an
/// exception there.
@MainActor
@Suite struct AdapterPropertyTests {
    static let rounds = PropertyTestScale.cases(300)

    static func kind(_ entry: Entry) -> String { entry.version % 2 == 0 ? "Even" : "Odd" }

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
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Even")
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Odd")
        let dataSource = try ArrayDataSource<Entry, Int, UITableViewCell>(
            sections: RandomChangeSet.randomList(using: &rng, nextID: &nextID), id: \.id,
            cellIdentifier: Self.kind) { cell, entry in cell.textLabel?.text = entry.description }
        let adapter = TableViewAdapter(tableView: table, dataSource: dataSource)
        for round in 0..<Self.rounds {
            try Self.step(dataSource, using: &rng, nextID: &nextID)
            if Bool.random(using: &rng) { table.finishAnimations() }
            let expected = dataSource.snapshot.map { $0.items.map(\.description) }
            let shown = table.displayedCells
            #expect(table.exceptions.isEmpty, "round \(round): \(table.exceptions.first?.reason ?? "")")
            #expect(shown.map { $0.map { $0.textLabel?.text ?? "" } } == expected, "round \(round)")
            #expect(shown.map { $0.map(\.reuseIdentifier) } == dataSource.snapshot.map { $0.items.map(Self.kind) })
            #expect(table.displayedHeaderTitles == dataSource.snapshot.map(\.title))
            if !table.exceptions.isEmpty { break }
        }
        withExtendedLifetime(adapter) {}
    }

    @Test(arguments: [41, 42])
    func collectionViewShowsEveryStateCellByCell(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        let collection = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        collection.register(LabelCell.self, forCellWithReuseIdentifier: "Even")
        collection.register(LabelCell.self, forCellWithReuseIdentifier: "Odd")
        let dataSource = try ArrayDataSource<Entry, Int, UICollectionViewCell>(
            sections: RandomChangeSet.randomList(using: &rng, nextID: &nextID), id: \.id,
            cellIdentifier: Self.kind) { cell, entry in (cell as? LabelCell)?.text = entry.description }
        let adapter = CollectionViewAdapter(collectionView: collection, dataSource: dataSource)
        for round in 0..<Self.rounds {
            try Self.step(dataSource, using: &rng, nextID: &nextID)
            if Bool.random(using: &rng) { collection.finishAnimations() }
            let shown = collection.displayedCells
            #expect(collection.exceptions.isEmpty, "round \(round): \(collection.exceptions.first?.reason ?? "")")
            #expect(shown.map { $0.map { ($0 as? LabelCell)?.text ?? "" } } == dataSource.snapshot.map { $0.items.map(\.description) })
            #expect(shown.map { $0.map(\.reuseIdentifier) } == dataSource.snapshot.map { $0.items.map(Self.kind) })
            if !collection.exceptions.isEmpty { break }
        }
        withExtendedLifetime(adapter) {}
    }

    @Test(arguments: [(51, true), (52, false), (53, true)])
    func nsTableViewShowsEveryStateRowByRow(seed: UInt64, headers: Bool) throws {
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        let table = NSTableView()
        let dataSource = try ArrayDataSource<Entry, Int, NSView>(
            sections: RandomChangeSet.randomList(using: &rng, nextID: &nextID), id: \.id,
            cellIdentifier: Self.kind) { view, entry in (view as? NSTableCellView)?.objectValue = entry.description }
        let adapter = NSTableViewAdapter(tableView: table, dataSource: dataSource, showsSectionHeaders: headers)
        for round in 0..<Self.rounds {
            try Self.step(dataSource, using: &rng, nextID: &nextID)
            let expected = dataSource.snapshot.flatMap { section in
                (headers ? ["# \(section.title ?? "")"] : []) + section.items.map(\.description)
            }
            #expect(table.exceptions.isEmpty, "round \(round): \(table.exceptions.first?.reason ?? "")")
            #expect(table.shownText == expected, "round \(round)")
            if !table.exceptions.isEmpty { break }
        }
        withExtendedLifetime(adapter) {}
    }
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
