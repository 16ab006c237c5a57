import AppleListStandIns
import FetchedResults
import Foundation
import Testing

/// A table data source and delegate over an array of strings; every view
/// it makes records the row it was asked for and what it showed then.
@MainActor
final class StringsTableSource: NSObject, NSTableViewDataSource, NSTableViewDelegate {
    var rows: [String]
    /// Every `tableView(_:viewFor:row:)` call, as "row:text".
    private(set) var asked: [String] = []

    init(_ rows: [String]) {
        self.rows = rows
    }

    func numberOfRows(in tableView: NSTableView) -> Int { rows.count }

    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        let text = rows.indices.contains(row) ? rows[row] : "<row \(row) out of bounds>"
        asked.append("\(row):\(text)")
        let view = tableView.makeView(withIdentifier: NSUserInterfaceItemIdentifier("Text"), owner: self) as? NSTextField
            ?? NSTextField(labelWithString: "")
        view.identifier = NSUserInterfaceItemIdentifier("Text")
        view.stringValue = text
        return view
    }
}

extension NSTableView {
    /// The string of every row's first view.
    var shownText: [String] {
        (0..<numberOfRows).map { (view(atColumn: 0, row: $0, makeIfNecessary: false) as? NSTextField)?.stringValue ?? "" }
    }
}

@MainActor
@Suite struct NSTableViewStandInTests {
    func makeTable(_ rows: [String]) -> (NSTableView, StringsTableSource) {
        let table = NSTableView(frame: .zero)
        table.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("Name")))
        let source = StringsTableSource(rows)
        table.dataSource = source
        table.delegate = source
        _ = table.numberOfRows
        return (table, source)
    }

    @Test func eachCallAppliesAtOnceInTheCoordinatesThePreviousOnesLeft() {
        let (table, source) = makeTable(["a", "b", "c"])
        source.rows = ["x", "b", "c"]
        table.beginUpdates()
        // Remove a (row 0): b and c move up; then insert x at row 0.
        table.removeRows(at: [0], withAnimation: .effectFade)
        #expect(table.numberOfRows == 2)
        table.insertRows(at: [0], withAnimation: .effectFade)
        // The view of the inserted row is asked for at once, for row 0.
        #expect(source.asked.last == "0:x")
        table.moveRow(at: 2, to: 1)
        table.endUpdates()
        #expect(table.shownText == ["x", "c", "b"], "a moved row keeps its view")
        #expect(table.exceptions.isEmpty)
    }

    /// AppKit documents no check of the data source's count: the table
    /// keeps its own, changed by each call, until `reloadData()`.
    @Test func theTableKeepsItsOwnRowCountUntilReloadData() {
        let (table, source) = makeTable(["a", "b"])
        source.rows = ["a"]
        table.beginUpdates()
        table.endUpdates()
        #expect(table.exceptions.isEmpty)
        #expect(table.numberOfRows == 2)
        table.reloadData()
        #expect(table.shownText == ["a"])
    }

    /// One `removeRows` or `insertRows` call takes a whole index set:
    /// removed rows named as the table is, inserted ones by where they end.
    @Test func oneCallRemovesOrInsertsAnIndexSet() {
        let (table, source) = makeTable(["a", "b", "c", "d"])
        source.rows = ["a", "d"]
        table.removeRows(at: [1, 2], withAnimation: [])
        #expect(table.shownText == ["a", "d"])
        source.rows = ["x", "a", "y", "d"]
        table.insertRows(at: [0, 2], withAnimation: [])
        #expect(table.shownText == ["x", "a", "y", "d"])
        #expect(table.exceptions.isEmpty)
    }

    @Test func rowHeightChangesAreRecorded() {
        let (table, _) = makeTable(["a", "b"])
        table.noteHeightOfRows(withIndexesChanged: [1])
        #expect(table.notedHeightChanges == [[1]])
    }

    @Test func indexesOutOfBoundsRaiseARangeException() {
        let (table, _) = makeTable(["a"])
        table.removeRows(at: [1], withAnimation: [])
        table.moveRow(at: 0, to: 1)
        table.reloadData(forRowIndexes: [2], columnIndexes: [0])
        table.insertRows(at: [3], withAnimation: [])
        #expect(table.exceptions.map(\.name) == [.range, .range, .range, .range])
        #expect(table.exceptions.first?.reason == "removeRows: row 1 beyond the 1 rows of the table")
    }

    @Test func reloadingARowAsksForItsViewAtOnce() {
        let (table, source) = makeTable(["a", "b"])
        source.rows = ["a", "B"]
        table.reloadData(forRowIndexes: [1], columnIndexes: [0])
        #expect(source.asked.last == "1:B")
        #expect(table.shownText == ["a", "B"])
        #expect(table.exceptions.isEmpty)
    }

    @Test func removedViewsAreMadeAgainForTheirIdentifier() {
        let (table, source) = makeTable(["a", "b"])
        let removed = table.view(atColumn: 0, row: 0, makeIfNecessary: false)
        source.rows = ["b"]
        table.removeRows(at: [0], withAnimation: [])
        source.rows = ["b", "c"]
        table.insertRows(at: [1], withAnimation: [])
        #expect(table.view(atColumn: 0, row: 1, makeIfNecessary: false) === removed)
        #expect(table.shownText == ["b", "c"])
    }
}
