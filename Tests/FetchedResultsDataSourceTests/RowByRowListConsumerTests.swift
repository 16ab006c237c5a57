import FetchedResults
import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResultsDataSource

/// An `NSTableView` stand-in: applies each call at once, in the current
/// coordinates, and asks for the content of new rows when updates end
/// (as `NSTableView` asks its delegate for views).
@MainActor
final class FlatTableStandIn: RowByRowListTarget {
    private(set) var rows: [String?] = []
    private(set) var calls = 0
    private var updating = false
    /// The content of a flat row, read from the data source.
    var content: (Int) -> String = { _ in "" }
    /// The number of flat rows, read from the data source.
    var count: () -> Int = { 0 }

    func beginUpdates() { updating = true }
    func endUpdates() {
        updating = false
        fill()
    }
    func removeRow(at index: Int) { rows.remove(at: index); calls += 1 }
    func insertRow(at index: Int) { rows.insert(nil, at: index); calls += 1 }
    func moveRow(at oldIndex: Int, to newIndex: Int) { rows.insert(rows.remove(at: oldIndex), at: newIndex); calls += 1 }
    func reloadRow(at index: Int) {
        rows[index] = nil
        if !updating { fill() }
    }
    func reloadData() {
        rows = (0..<count()).map(content)
    }
    func dequeueCell(withIdentifier identifier: String, forRow index: Int) -> RecordingCell {
        RecordingCell(identifier: identifier, indexPath: IndexPath(item: index, section: 0))
    }

    private func fill() {
        for index in rows.indices where rows[index] == nil { rows[index] = content(index) }
    }
}

@MainActor
@Suite struct RowByRowListConsumerTests {
    @Test(arguments: [true, false])
    func aFlatTableFollowsRandomReplacementsOneCallAtATime(headers: Bool) throws {
        var rng = SeededGenerator(seed: headers ? 21 : 22)
        var nextID = 0
        let dataSource = try ArrayDataSource<Entry, Int, RecordingCell>(
            sections: RandomChangeSet.randomList(using: &rng, nextID: &nextID), id: \.id) { cell, entry in
            cell.text = entry.description
        }
        let table = FlatTableStandIn()
        let consumer = RowByRowListConsumer(target: table, showsSectionHeaders: headers)
        table.content = { [unowned dataSource, unowned consumer] index in
            guard let location = consumer.layout.location(ofFlatIndex: index) else { return "out of bounds" }
            guard let item = location.item else { return "# \(dataSource.titleForHeader(inSection: location.section) ?? "-")" }
            return dataSource.cell(for: consumer, at: IndexPath(item: item, section: location.section)).text
        }
        table.count = { [unowned consumer] in consumer.layout.count }
        dataSource.consumer = consumer
        for _ in 0..<800 {
            let next = RandomChangeSet(old: dataSource.snapshot, using: &rng, nextID: &nextID).new
            try dataSource.setSections(next)
            let expected = next.flatMap { section in
                (headers ? ["# \(section.title ?? "-")"] : []) + section.items.map(\.description)
            }
            #expect(table.rows == expected)
            #expect(consumer.layout.count == expected.count)
        }
        #expect(table.calls > 1_000)
    }
}
