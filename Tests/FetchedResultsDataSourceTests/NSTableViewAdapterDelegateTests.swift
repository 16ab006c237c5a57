import AppleListStandIns
import FetchedResults
import Foundation
import Testing
@testable import FetchedResultsDataSource

/// An app's own table delegate, asking the adapter for the rows' views.
final class AppTableDelegate: NSObject, NSTableViewDelegate {
    var adapter: NSTableViewAdapter<[ListSection<Entry>]>?
    private(set) var asked = 0

    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        asked += 1
        return adapter?.view(for: tableColumn, row: row)
    }

    func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
        adapter?.isGroupRow(row) ?? false
    }
}

@MainActor
@Suite struct NSTableViewAdapterDelegateTests {
    @Test func anAppKeepsItsOwnDelegateAndAsksTheAdapterForViews() throws {
        let table = CountingTableView()
        let delegate = AppTableDelegate()
        table.delegate = delegate
        let dataSource = try ArrayDataSource<Entry, Int, NSView>(
            sections: [ListSection(name: .text("A"), items: [Entry(id: 1, version: 0), Entry(id: 2, version: 0)])], id: \.id
        ) { view, entry in (view as? NSTableCellView)?.objectValue = entry.description }
        let adapter = NSTableViewAdapter(tableView: table, dataSource: dataSource, becomesDelegate: false)
        delegate.adapter = adapter
        table.reloadData()
        #expect(table.delegate === delegate)
        #expect(table.shownText == ["# A", "1", "2"])
        try dataSource.setSections([ListSection(name: .text("A"), items: [Entry(id: 2, version: 1), Entry(id: 3, version: 0)])])
        #expect(table.shownText == ["# A", "2v1", "3"] && table.exceptions.isEmpty)
        #expect(delegate.asked > 3)
    }
}
