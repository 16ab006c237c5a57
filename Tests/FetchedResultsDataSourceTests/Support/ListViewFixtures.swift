import AppleListStandIns
import FetchedResults
import Foundation
import PlumeTestSupport
import Testing
@testable import FetchedResultsDataSource

/// The views, data sources and checks the adapter property tests share:
/// stand-in views with the two cell kinds registered, array data sources
/// of random sections whose cells show an entry's description, and the
/// check that a view shows the data source's state cell by cell.
@MainActor
enum ListViewFixtures {
    static func tableView() -> RecordingTableView {
        let table = RecordingTableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Even")
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Odd")
        return table
    }

    /// A collection view whose layout asks for section headers: a flow
    /// layout with a header size, or a compositional list with
    /// supplementary headers.
    static func collectionView(listLayout: Bool = false) -> RecordingCollectionView {
        let layout: UICollectionViewLayout
        if listLayout {
            var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
            configuration.headerMode = .supplementary
            layout = UICollectionViewCompositionalLayout.list(using: configuration)
        } else {
            let flow = UICollectionViewFlowLayout()
            flow.headerReferenceSize = CGSize(width: 320, height: 44)
            layout = flow
        }
        let collection = RecordingCollectionView(frame: .zero, collectionViewLayout: layout)
        collection.register(LabelCell.self, forCellWithReuseIdentifier: "Even")
        collection.register(LabelCell.self, forCellWithReuseIdentifier: "Odd")
        collection.register(TitleHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                            withReuseIdentifier: "Title")
        return collection
    }

    static let titleHeaders = CollectionViewAdapter<[ListSection<Entry>]>.SectionHeaders(reuseIdentifier: "Title") { view, title in
        (view as? TitleHeader)?.title = title
    }

    /// A data source of random sections, configuring cells of type `Cell`.
    static func dataSource<Cell>(using rng: inout SeededGenerator, nextID: inout Int,
                                 configure: @escaping (Cell, Entry) -> Void) throws -> ArrayDataSource<Entry, Int, Cell> {
        try ArrayDataSource<Entry, Int, Cell>(sections: RandomChangeSet.randomList(using: &rng, nextID: &nextID), id: \.id,
                                              cellIdentifier: AdapterPropertyTests.kind, configureCell: configure)
    }

    static func tableDataSource(using rng: inout SeededGenerator, nextID: inout Int) throws -> ArrayDataSource<Entry, Int, UITableViewCell> {
        try dataSource(using: &rng, nextID: &nextID) { (cell: UITableViewCell, entry) in cell.textLabel?.text = entry.description }
    }

    static func collectionDataSource(using rng: inout SeededGenerator, nextID: inout Int) throws -> ArrayDataSource<Entry, Int, UICollectionViewCell> {
        try dataSource(using: &rng, nextID: &nextID) { (cell: UICollectionViewCell, entry) in (cell as? LabelCell)?.text = entry.description }
    }

    static func nsTableDataSource(using rng: inout SeededGenerator, nextID: inout Int) throws -> ArrayDataSource<Entry, Int, NSView> {
        try dataSource(using: &rng, nextID: &nextID) { (view: NSView, entry) in (view as? NSTableCellView)?.objectValue = entry.description }
    }

    /// The table shows the data source's rows, cell kinds and headers, and
    /// raised nothing.
    static func expectShows(_ table: UITableView, _ dataSource: ArrayDataSource<Entry, Int, UITableViewCell>, round: Int,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let shown = table.displayedCells
        #expect(table.exceptions.isEmpty, "round \(round): \(table.exceptions.first?.reason ?? "")", sourceLocation: sourceLocation)
        #expect(shown.map { $0.map { $0.textLabel?.text ?? "" } } == dataSource.snapshot.map { $0.items.map(\.description) },
                "round \(round)", sourceLocation: sourceLocation)
        #expect(shown.map { $0.map(\.reuseIdentifier) } == dataSource.snapshot.map { $0.items.map(AdapterPropertyTests.kind) },
                sourceLocation: sourceLocation)
        #expect(table.displayedHeaderTitles == dataSource.snapshot.map(\.title), sourceLocation: sourceLocation)
    }

    /// The collection shows the data source's items, cell kinds and
    /// headers, and raised nothing.
    static func expectShows(_ collection: UICollectionView, _ dataSource: ArrayDataSource<Entry, Int, UICollectionViewCell>,
                            round: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let shown = collection.displayedCells
        #expect(collection.exceptions.isEmpty, "round \(round): \(collection.exceptions.first?.reason ?? "")", sourceLocation: sourceLocation)
        #expect(shown.map { $0.map { ($0 as? LabelCell)?.text ?? "" } } == dataSource.snapshot.map { $0.items.map(\.description) },
                "round \(round)", sourceLocation: sourceLocation)
        #expect(shown.map { $0.map(\.reuseIdentifier) } == dataSource.snapshot.map { $0.items.map(AdapterPropertyTests.kind) },
                sourceLocation: sourceLocation)
        #expect(collection.displayedSectionHeaders.map { ($0 as? TitleHeader)?.title } == dataSource.snapshot.map(\.title),
                "round \(round)", sourceLocation: sourceLocation)
    }

    /// The table shows the data source's rows (with a group row per
    /// section when `headers`), and raised nothing.
    static func expectShows(_ table: CountingTableView, _ dataSource: ArrayDataSource<Entry, Int, NSView>, headers: Bool,
                            round: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = dataSource.snapshot.flatMap { section in
            (headers ? ["# \(section.title ?? "")"] : []) + section.items.map(\.description)
        }
        #expect(table.exceptions.isEmpty, "round \(round): \(table.exceptions.first?.reason ?? "")", sourceLocation: sourceLocation)
        #expect(table.shownText == expected, "round \(round)", sourceLocation: sourceLocation)
        let kinds = dataSource.snapshot.flatMap { section in (headers ? ["PlumeSectionHeader"] : []) + section.items.map(AdapterPropertyTests.kind) }
        #expect((0..<table.numberOfRows).map { table.view(atColumn: 0, row: $0, makeIfNecessary: false)?.identifier?.rawValue } == kinds,
                "round \(round): cell kinds", sourceLocation: sourceLocation)
        #expect(table.reloadsInsideUpdates == 0, "round \(round)", sourceLocation: sourceLocation)
    }
}
