import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// A delegate that records its calls, in order.
final class RecordingDelegate: FetchedResultsControllerDelegate, @unchecked Sendable {
    // Safe: `events` is only touched while `lock` is held.
    nonisolated private let lock = NSLock()
    nonisolated(unsafe) private var events: [String] = []

    nonisolated private func record(_ event: String) { lock.withLock { events.append(event) } }

    func controllerWillChangeContent(_ controller: FetchedResultsController<Row>) {
        record("will \(controller.count)")
    }
    func controller(_ controller: FetchedResultsController<Row>, didChange section: FetchedResultsSection<Row>,
                    atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        record("section \(type) \(sectionIndex) \(section.name)")
    }
    func controller(_ controller: FetchedResultsController<Row>, didChange object: Row?, at indexPath: IndexPath?,
                    for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {
        record("row \(type) \(indexPath?.listText ?? "-") \(newIndexPath?.listText ?? "-") \(object?["name"] ?? .null)")
    }
    func controller(_ controller: FetchedResultsController<Row>, didChangeContentWith update: FetchedResultsUpdate<Row>) {
        record("content \(update.changes.count)")
    }
    func controllerDidChangeContent(_ controller: FetchedResultsController<Row>) {
        record("did")
    }
    func controller(_ controller: FetchedResultsController<Row>, didFailWith error: any Error) {
        record("fail \(error)")
    }

    /// Polls until `condition` holds on the events or the timeout passes,
    /// sleeping between polls without holding a thread: the delegate is
    /// called on the main queue, which a busy machine may reach late.
    nonisolated func wait(timeout: Double = 60, _ condition: ([String]) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if lock.withLock({ condition(events) }) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return lock.withLock { condition(events) }
    }

    nonisolated var recorded: [String] { lock.withLock { events } }
}

@Suite struct DelegateTests {
    @Test func callsComeInCoreDataOrderWithTheNewSnapshotInPlace() async throws {
        try await TestDatabase.withItems(rows: 6) { writer, _ in
            let request = FetchRequest(table: "item", sortedBy: [.ascending("section"), .ascending("name")], sectionColumn: "section")
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "delivery"))
            let delegate = RecordingDelegate()
            controller.delegate = delegate
            try await controller.performFetch()
            // s0: n0 n3 | s1: n1 n4 | s2: n2 n5
            try await writer.write { db in
                try db.execute(sql: "DELETE FROM item WHERE section = 's1'")
                try db.execute(sql: "INSERT INTO item (section, name, score) VALUES ('s9', 'new', 0)")
                try db.execute(sql: "UPDATE item SET name = 'z0' WHERE name = 'n0'")   // moves after n3, content changed
                try db.execute(sql: "UPDATE item SET score = 42 WHERE name = 'n2'")    // stays, content changed
                try db.execute(sql: "INSERT INTO item (section, name, score) VALUES ('s2', 'n4x', 0)")
            }
            #expect(await delegate.wait { $0.last == "did" })
            #expect(delegate.recorded == [
                "will 6",
                "section delete 1 's1'",
                "section insert 2 's9'",
                "row insert - [1, 1] 'n4x'",
                "row move [0, 0] [0, 1] 'z0'",
                "row update [2, 0] [1, 0] 'n2'",
                "content 5",
                "did",
            ])
        }
    }
}
