import Foundation
import Testing
@testable import Persistence

struct Rollback: Error {}

@Suite struct TransactionTests {
    @Test(arguments: [Database.TransactionKind.deferred, .immediate, .exclusive])
    func transactionCommits(kind: Database.TransactionKind) throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let value = try db.inTransaction(kind) {
                #expect(db.isInsideTransaction)
                try db.execute(sql: "DELETE FROM photo WHERE id = 1")
                return 7
            }
            #expect(value == 7)
            #expect(!db.isInsideTransaction)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") == 2)
        }
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let before = try photoDump(db)
            #expect(throws: Rollback.self) {
                try db.inTransaction {
                    try db.execute(sql: "DELETE FROM photo")
                    try db.execute(sql: "INSERT INTO photo (name) VALUES ('Temporary')")
                    throw Rollback()
                }
            }
            #expect(!db.isInsideTransaction)
            #expect(try photoDump(db) == before)
        }
    }

    @Test func savepointsNest() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.inTransaction {
                try db.execute(sql: "UPDATE photo SET rating = 1 WHERE id = 1")
                // The inner transaction becomes a savepoint: its failure
                // undoes only its own work.
                #expect(throws: Rollback.self) {
                    try db.inTransaction {
                        try db.execute(sql: "UPDATE photo SET rating = 2 WHERE id = 2")
                        try db.inSavepoint {
                            try db.execute(sql: "UPDATE photo SET rating = 3 WHERE id = 3")
                        }
                        throw Rollback()
                    }
                }
                #expect(db.isInsideTransaction)
                try db.inSavepoint {
                    try db.execute(sql: "UPDATE photo SET album = 'Kept' WHERE id = 3")
                }
            }
            let rows = try Row.fetchAll(db, sql: "SELECT rating, album FROM photo ORDER BY id")
            #expect(rows.map { $0[0] } == [.integer(1), .null, .integer(3)])
            #expect(rows[2][1] == .text("Kept"))
        }
    }

    @Test func savepointOutsideATransactionCommitsOrRollsBack() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.inSavepoint { try db.execute(sql: "DELETE FROM photo WHERE id = 1") }
            #expect(!db.isInsideTransaction)
            #expect(throws: Rollback.self) {
                try db.inSavepoint {
                    try db.execute(sql: "DELETE FROM photo")
                    throw Rollback()
                }
            }
            #expect(!db.isInsideTransaction)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") == 2)
        }
    }

    @Test func failedCommitRollsBackAndReportsTheConstraint() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.execute(sql: "CREATE TABLE tag (photo_id INTEGER REFERENCES photo(id) DEFERRABLE INITIALLY DEFERRED)")
            let before = try photoDump(db)
            let error = try #require(caught(DatabaseError.self) {
                try db.inTransaction {
                    try db.execute(sql: "INSERT INTO tag VALUES (999)")
                    try db.execute(sql: "DELETE FROM photo WHERE id = 1")
                }
            })
            #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
            #expect(!db.isInsideTransaction)
            #expect(try photoDump(db) == before)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM tag") == 0)
        }
    }

    @Test func commitAndRollbackObserversAreCalled() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            nonisolated(unsafe) var events: [String] = []
            let token = db.addTransactionObserver(
                didCommit: { db, changes in
                    // The observer sees the committed state.
                    let count = (try? Int.fetchOne(db, sql: "SELECT count(*) FROM photo")) ?? -1
                    events.append("commit \(changes.tables["photo"]?.inserted.sorted() ?? []) count=\(count)")
                },
                didRollback: { _ in events.append("rollback") })
            try db.inTransaction { try db.execute(sql: "INSERT INTO photo (id, name) VALUES (10, 'Ten')") }
            try? db.inTransaction {
                try db.execute(sql: "INSERT INTO photo (id, name) VALUES (11, 'Eleven')")
                throw Rollback()
            }
            try db.execute(sql: "INSERT INTO photo (id, name) VALUES (12, 'Twelve')") // autocommit
            // A failing statement rolls back its implicit transaction.
            _ = try? db.execute(sql: "INSERT INTO photo (id, name) VALUES (12, 'Again')")
            #expect(events == ["commit [10] count=4", "rollback", "commit [12] count=5", "rollback"])
            db.removeTransactionObserver(token)
            try db.execute(sql: "DELETE FROM photo")
            #expect(events.count == 4)
        }
    }
}
