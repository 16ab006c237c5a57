import Testing
@testable import Persistence

/// `withPageCache(atLeast:)`: the sort memory a fetched results controller
/// asks for, given back afterwards whatever happens.
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
}
