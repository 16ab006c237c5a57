import AppleListStandIns
import FetchedResults
import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResultsDataSource

extension Entry: SendableIdentifiable {}

/// Random change sets driven through each diffable adapter into its
/// stand-in diffable data source and view: after every update the view
/// shows the data source's state cell by cell, with the cell kind each
/// item asks for; rows whose kind of cell stayed were reconfigured, the
/// others reloaded; the stand-ins raised nothing; the diffable snapshot
/// holds the rows' identities in order. The steps are those of
/// ``AdapterPropertyTests`` (change sets applied as they are, or new
/// states diffed, sections swapped at times).
@MainActor
@Suite struct DiffableAdapterPropertyTests {
    static let rounds = PropertyTestScale.cases(300)

    @Test(arguments: [61, 62, 63])
    func tableViewShowsEveryStateCellByCell(seed: UInt64) throws {
        var fixture = try RandomDiffableTable(seed: seed)
        let (table, dataSource, adapter) = (fixture.table, fixture.dataSource, fixture.adapter)
        adapter.showsSectionIndex = true
        for round in 0..<Self.rounds {
            let before = dataSource.snapshot.map(\.items)
            table.recorder.log = RefreshLog()
            try fixture.step()
            if Bool.random(using: &fixture.rng) { table.finishAnimations() }
            ListViewFixtures.expectShows(table, dataSource, round: round)
            #expect(table.displayedSectionIndexTitles == dataSource.sectionIndexTitles, "round \(round)")
            #expect(adapter.diffableDataSource.snapshot().itemIdentifiers == dataSource.items.map(\.id), "round \(round)")
            AdapterPropertyTests.expectRefreshChoice(table.recorder.log, before: before, after: dataSource.snapshot.map(\.items), round: round)
            if !table.exceptions.isEmpty { break }
        }
    }

    /// In a flow layout with a header size, and in a compositional list
    /// with supplementary headers.
    @Test(arguments: [(71, false), (72, true)])
    func collectionViewShowsEveryStateCellByCell(seed: UInt64, listLayout: Bool) throws {
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        let collection = ListViewFixtures.collectionView(listLayout: listLayout)
        let dataSource = try ListViewFixtures.collectionDataSource(using: &rng, nextID: &nextID)
        let adapter = CollectionViewDiffableAdapter(collectionView: collection, dataSource: dataSource,
                                                    sectionHeaders: ListViewFixtures.titleHeaders)
        for round in 0..<Self.rounds {
            let before = dataSource.snapshot.map(\.items)
            collection.recorder.log = RefreshLog()
            try AdapterPropertyTests.step(dataSource, using: &rng, nextID: &nextID)
            if Bool.random(using: &rng) { collection.finishAnimations() }
            ListViewFixtures.expectShows(collection, dataSource, round: round)
            #expect(adapter.diffableDataSource.snapshot().sectionIdentifiers == dataSource.snapshot.map(\.name), "round \(round)")
            AdapterPropertyTests.expectRefreshChoice(collection.recorder.log, before: before, after: dataSource.snapshot.map(\.items), round: round)
            if !collection.exceptions.isEmpty { break }
        }
    }

    @Test(arguments: [(81, true), (82, false)])
    func nsTableViewShowsEveryStateRowByRow(seed: UInt64, headers: Bool) throws {
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        let table = CountingTableView()
        let dataSource = try ListViewFixtures.nsTableDataSource(using: &rng, nextID: &nextID)
        let adapter = NSTableViewDiffableAdapter(tableView: table, dataSource: dataSource, showsSectionHeaders: headers)
        for round in 0..<Self.rounds {
            try AdapterPropertyTests.step(dataSource, using: &rng, nextID: &nextID)
            ListViewFixtures.expectShows(table, dataSource, headers: headers, round: round)
            if !table.exceptions.isEmpty { break }
        }
        withExtendedLifetime(adapter) {}
    }
}

/// A stand-in table view shown through a ``TableViewDiffableAdapter``,
/// with a data source of random sections and the generator that changes
/// them.
@MainActor
struct RandomDiffableTable {
    var rng: SeededGenerator
    var nextID = 0
    let table = ListViewFixtures.tableView()
    let dataSource: ArrayDataSource<Entry, Int, UITableViewCell>
    let adapter: TableViewDiffableAdapter<[ListSection<Entry>]>

    init(seed: UInt64) throws {
        rng = SeededGenerator(seed: seed)
        dataSource = try ListViewFixtures.tableDataSource(using: &rng, nextID: &nextID)
        adapter = TableViewDiffableAdapter(tableView: table, dataSource: dataSource)
    }

    /// One random step of ``AdapterPropertyTests/step(_:using:nextID:)``.
    mutating func step() throws {
        try AdapterPropertyTests.step(dataSource, using: &rng, nextID: &nextID)
    }
}
