import FetchedResults
import FetchedResultsDataSource
import Foundation
import Observation
import Persistence
import Testing

/// The `@Observable` model through the Observation module, as SwiftUI
/// reads it: one notification per commit that changes the result, with
/// the new state in place; none for a commit that changes nothing.
@MainActor
@Suite struct ObservableFetchedResultsTests {
    /// Counts the changes of everything a list view reads, tracking again
    /// after each one (as SwiftUI does after every render).
    @MainActor
    final class ChangeCounter {
        let model: ObservableFetchedResults<Photo>
        var notifications = 0
        /// The row count read right after each notification's change.
        var countsSeen: [Int] = []

        init(_ model: ObservableFetchedResults<Photo>) {
            self.model = model
            track()
        }

        func track() {
            let model = self.model
            // Tracking reads on the main actor, where the model lives.
            withObservationTracking {
                MainActor.assumeIsolated {
                    _ = model.sections.map(\.numberOfObjects)
                    _ = model.lastChanges
                    _ = model.error
                }
            } onChange: { [self] in
                // Called before the change; read after it, as a view does
                // on its next render.
                Task { @MainActor in
                    notifications += 1
                    countsSeen.append(model.snapshot.count)
                    track()
                }
            }
        }
    }

    static func withModel(_ body: (DatabaseQueue, ObservableFetchedResults<Photo>) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-observable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try DatabaseQueue(path: directory.appendingPathComponent("photos.sqlite").path)
        try await database.write { db in
            try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY, album TEXT NOT NULL, name TEXT NOT NULL, rating INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO photo (album, name, rating) VALUES ('A', 'a1', 1), ('A', 'a2', 2), ('B', 'b1', 3)")
        }
        let model = ObservableFetchedResults<Photo>(database: database, request: FetchRequest(
            table: "photo", sortedBy: [.ascending("album"), .descending("rating")], sectionColumn: "album"))
        try await model.performFetch()
        try await body(database, model)
        model.stop()
        model.controller.stopObserving()
        try database.close()
    }

    /// Lets queued main-actor work run (the model's task, the counter's).
    static func drain(rounds: Int = 1_000, until condition: () -> Bool = { false }) async throws {
        for _ in 0..<rounds {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    @Test func theFirstFetchIsInPlaceWhenPerformFetchReturns() async throws {
        try await Self.withModel { _, model in
            #expect(model.snapshot.count == 3)
            #expect(model.sections.map(\.title) == ["A", "B"])
            #expect(model.sections.map(\.id) == [.text("A"), .text("B")])
            #expect(model.lastChanges.isEmpty)
            #expect(model.error == nil)
        }
    }

    @Test func oneCommitIsOneNotificationWithTheNewStateInPlace() async throws {
        try await Self.withModel { database, model in
            let counter = ChangeCounter(model)
            try await database.write { db in
                try db.execute(sql: "INSERT INTO photo (album, name, rating) VALUES ('C', 'c1', 1)")
                try db.execute(sql: "DELETE FROM photo WHERE name = 'a1'")
            }
            try await Self.drain { counter.notifications > 0 }
            try await Self.drain(rounds: 50)  // room for a second notification, which must not come
            #expect(counter.notifications == 1)
            #expect(counter.countsSeen == [3])
            #expect(model.sections.map(\.title) == ["A", "B", "C"])
            #expect(model.lastChanges.insertedSections.map(\.index) == [2])
            #expect(model.lastChanges.deletedRows == [IndexPath(item: 1, section: 0)])
        }
    }

    @Test func aCommitThatChangesNothingShownIsNoNotification() async throws {
        try await Self.withModel { database, model in
            let counter = ChangeCounter(model)
            try await database.write { db in
                try db.execute(sql: "UPDATE photo SET rating = rating WHERE name = 'b1'")
                try db.execute(sql: "CREATE TABLE other (x)")
                try db.execute(sql: "INSERT INTO other VALUES (1)")
            }
            try await Self.drain(rounds: 50) { counter.notifications > 0 }
            #expect(counter.notifications == 0)
            // A change after it is heard once, so the quiet one was processed.
            try await database.write { db in try db.execute(sql: "UPDATE photo SET name = 'B1' WHERE name = 'b1'") }
            try await Self.drain { counter.notifications > 0 }
            try await Self.drain(rounds: 50)
            #expect(counter.notifications == 1)
            #expect(model.lastChanges.updatedRows.count == 1)
        }
    }

    @Test func aFailureIsObservedAndTheLastResultsStay() async throws {
        try await Self.withModel { database, model in
            let counter = ChangeCounter(model)
            try await database.write { db in try db.execute(sql: "DROP TABLE photo") }
            try await Self.drain { model.error != nil }
            #expect(model.error != nil)
            #expect(model.snapshot.count == 3)
            try await Self.drain { counter.notifications > 0 }
            #expect(counter.notifications == 1)
        }
    }

    @Test func startIfNeededFetchesOnce() async throws {
        try await Self.withModel { database, _ in
            let model = ObservableFetchedResults<Photo>(database: database, request: FetchRequest(table: "photo"))
            model.startIfNeeded()
            model.startIfNeeded()
            try await Self.drain { model.snapshot.count == 3 }
            #expect(model.snapshot.count == 3)
            model.stop()
            model.controller.stopObserving()
        }
    }
}
