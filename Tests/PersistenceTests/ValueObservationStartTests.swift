import Foundation
import Persistence
import Testing

/// `start(scheduling:onError:onChange:)`: values delivered on the main
/// actor, the first one at once or later.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ValueObservationStartTests {
    static func withQueue(_ body: (DatabaseQueue) async throws -> Void) async throws {
        let dbQueue = try DatabaseQueue()
        try await dbQueue.write { db in try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT)") }
        try await body(dbQueue)
        try dbQueue.close()
    }

    static func eventually(_ condition: () -> Bool) async throws {
        // A `for … where` loop would go on evaluating the condition to the
        // end of the range once it holds: stop at once instead.
        var rounds = 0
        while !condition(), rounds < 2_000 {
            try await Task.sleep(for: .milliseconds(1))
            rounds += 1
        }
    }

    @Test func immediateSchedulingHandsOverTheFirstValueBeforeStartReturns() async throws {
        try await Self.withQueue { dbQueue in
            var values: [Int] = []
            let token = dbQueue.observe { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0 }
                .start(scheduling: .immediate) { values.append($0) }
            #expect(values == [0])
            try await dbQueue.write { db in try db.execute(sql: "INSERT INTO photo (name) VALUES ('a')") }
            try await Self.eventually { values.count == 2 }
            #expect(values == [0, 1])
            token.cancel()
        }
    }

    @Test func asyncSchedulingDeliversTheFirstValueLaterOnTheMainActor() async throws {
        try await Self.withQueue { dbQueue in
            var values: [Int] = []
            let token = dbQueue.observe { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0 }
                .start { count in
                    MainActor.assertIsolated()
                    values.append(count)
                }
            #expect(values.isEmpty)
            try await Self.eventually { values == [0] }
            #expect(values == [0])
            withExtendedLifetime(token) {}
        }
    }

    @Test func nothingIsDeliveredAfterCancelOrRelease() async throws {
        try await Self.withQueue { dbQueue in
            var values: [Int] = []
            var token: AnyDatabaseCancellable? = dbQueue.observe { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0 }
                .start(scheduling: .immediate) { values.append($0) }
            // A commit, then the release before the main actor runs again.
            try dbQueue.writeAndWait { db in try db.execute(sql: "INSERT INTO photo (name) VALUES ('a')") }
            token = nil
            try await dbQueue.write { db in try db.execute(sql: "INSERT INTO photo (name) VALUES ('b')") }
            try await Task.sleep(for: .milliseconds(50))
            #expect(values == [0])
            #expect(token == nil)
        }
    }

    struct Broken: Error {}

    @Test func aFailingFetchCallsOnErrorOnce() async throws {
        try await Self.withQueue { dbQueue in
            var errors = 0
            let token = dbQueue.observe { db -> Int in
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0
                if count > 0 { throw Broken() }
                return count
            }.start(scheduling: .immediate, onError: { error in
                #expect(error is Broken)
                errors += 1
            }, onChange: { _ in })
            try await dbQueue.write { db in try db.execute(sql: "INSERT INTO photo (name) VALUES ('a')") }
            try await dbQueue.write { db in try db.execute(sql: "INSERT INTO photo (name) VALUES ('b')") }
            try await Self.eventually { errors > 0 }
            try await Task.sleep(for: .milliseconds(20))
            #expect(errors == 1)
            withExtendedLifetime(token) {}
        }
    }
}
