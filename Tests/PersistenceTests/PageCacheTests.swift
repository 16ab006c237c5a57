import Testing
@testable import Persistence

/// `withPageCache(atLeast:whileObserved:)`: the sort memory a fetched
/// results controller asks for, given back afterwards whatever happens, or
/// when change observation ends.
@Suite struct PageCacheTests {
    @Test func raisesTheCacheSizeForTheBodyAndSetsItBack() throws {
        try withDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -2000")
            let inside = try db.withPageCache(atLeast: 65_536) { try Int.fetchOne(db, sql: "PRAGMA cache_size") }
            #expect(inside == -65_536)
            #expect(try Int.fetchOne(db, sql: "PRAGMA cache_size") == -2000)
        }
    }

    @Test func keepsALargerCacheAsItIs() throws {
        try withDatabase { db in
            // Positive sizes count pages: 40,000 pages of 4 KiB are 160,000 KiB.
            try db.execute(sql: "PRAGMA page_size = 4096")
            try db.execute(sql: "PRAGMA cache_size = 40000")
            let inside = try db.withPageCache(atLeast: 65_536) { try Int.fetchOne(db, sql: "PRAGMA cache_size") }
            #expect(inside == 40000)
            try db.execute(sql: "PRAGMA cache_size = 100")
            let raised = try db.withPageCache(atLeast: 65_536) { try Int.fetchOne(db, sql: "PRAGMA cache_size") }
            #expect(raised == -65_536)
            #expect(try Int.fetchOne(db, sql: "PRAGMA cache_size") == 100)
        }
    }

    @Test func setsTheCacheSizeBackWhenTheBodyThrows() throws {
        struct Failure: Error {}
        try withDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -2000")
            #expect(throws: Failure.self) {
                try db.withPageCache(atLeast: 65_536) { throw Failure() }
            }
            #expect(try Int.fetchOne(db, sql: "PRAGMA cache_size") == -2000)
        }
    }

    @Test(arguments: ChangeObservationTests.WriterKind.allCases)
    func aCacheKeptWhileObservedIsSetBackWhenTheLastObserverStops(kind: ChangeObservationTests.WriterKind) throws {
        let directory = try TemporaryDirectory()
        let writer = try ChangeObservationTests.makeWriter(kind, directory)
        defer { try? writer.close() }
        func cacheSize() throws -> Int? {
            try writer.writeWithoutTransactionAndWait { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        }
        try writer.writeWithoutTransactionAndWait { try $0.execute(sql: "PRAGMA cache_size = -2000") }
        let first = writer.observeChanges { _, _ in }
        let second = writer.observeChanges { _, _ in }
        try writer.writeWithoutTransactionAndWait { db in try db.withPageCache(atLeast: 65_536, whileObserved: true) {} }
        #expect(try cacheSize() == -65_536)
        // A second raise still restores the size from before the first.
        try writer.writeWithoutTransactionAndWait { db in try db.withPageCache(atLeast: 131_072, whileObserved: true) {} }
        first.cancel()
        #expect(try cacheSize() == -131_072)
        second.cancel()
        #expect(try cacheSize() == -2000)
    }

    @Test func aCacheSizeSetWhileObservedIsTheOneRestored() throws {
        let directory = try TemporaryDirectory()
        let writer = try DatabaseQueue(path: directory.path("db.sqlite"))
        defer { try? writer.close() }
        let observation = writer.observeChanges { _, _ in }
        try writer.writeWithoutTransactionAndWait { db in
            try db.withPageCache(atLeast: 65_536, whileObserved: true) {}
            try db.execute(sql: "PRAGMA cache_size = -4000")
        }
        observation.cancel()
        #expect(try writer.writeWithoutTransactionAndWait { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -4000)
        // Set between two raises: the size set is the one restored.
        let again = writer.observeChanges { _, _ in }
        try writer.writeWithoutTransactionAndWait { db in
            try db.withPageCache(atLeast: 65_536, whileObserved: true) {}
            try db.execute(sql: "PRAGMA cache_size = -3000")
            try db.withPageCache(atLeast: 65_536, whileObserved: true) {}
            #expect(try Int.fetchOne(db, sql: "PRAGMA cache_size") == -65_536)
        }
        again.cancel()
        #expect(try writer.writeWithoutTransactionAndWait { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -3000)
    }
}
