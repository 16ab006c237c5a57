import FetchedResults
import Foundation
import Persistence

/// `insert.history`, `update.history`, `delete.history`: 200k single-row
/// statements in one transaction through Plume with the change history
/// enabled on `photo` (each row also appends one history row), against
/// the same statements without history (`plain`) and with SQLite's floor
/// for any recording trigger (`floor`: a trigger inserting a constant row
/// into an empty table, which costs a statement journal like any trigger
/// that writes). `.txn` variants run 2,000 single-row transactions instead.
///
/// `.values` variants record the rows' values too
/// (`enableChangeHistory(for:values:)`), against a floor whose trigger
/// copies the same values with one plain `INSERT … VALUES` into a table of
/// `plume_history`'s shape (raw SQLite, no Plume code): the new row of an
/// insert, the old row of a delete, and the old and new rating an update
/// changes (the floor knows which column changes; Plume's trigger tests
/// every column).
struct HistoryWriteWorkload: Workload {
    enum Operation: String { case insert, update, delete }

    var operation: Operation
    var rows: Int
    /// One transaction per statement instead of one for all.
    var singleRowTransactions = false
    /// Whether the history records values.
    var values = false

    var name: String { "\(operation.rawValue).history\(values ? ".values" : "")\(singleRowTransactions ? ".txn" : "")" }

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let photos = PhotoFixture.photos(count: rows)
        let statements = singleRowTransactions ? min(rows, 2_000) : rows
        var counter = 0
        func file(_ recording: Recording) throws -> (String, Database) {
            counter += 1
            let path = directory.appendingPathComponent("\(name)-\(counter).sqlite").path
            try RawSQLite.makeFilledDatabase(at: path, photos: operation == .insert ? [] : photos)
            let db = try PlumePhotos.open(path)
            switch recording {
            case .history: try db.enableChangeHistory(for: ["photo"], values: values)
            case .floor: try db.execute(sql: values ? Self.valuesFloorTrigger(operation) : Self.floorTrigger(operation))
            case .none: break
            }
            return (path, db)
        }
        func contestant(_ contender: Contender, _ recording: Recording) -> Contestant {
            Contestant(contender: contender) {
                let (path, db) = try file(recording)
                return Trial(run: {
                    try run(Array(photos.prefix(statements)), db)
                    return statements
                }, tearDown: {
                    try db.close()
                    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                })
            }
        }
        return [contestant(.plume, .history), contestant(.plain, .none), contestant(.floor, .floor)]
    }

    private enum Recording { case history, floor, none }

    /// The cheapest trigger that writes: one constant row into an empty
    /// table, per changed row.
    private static func floorTrigger(_ operation: Operation) -> String {
        """
        CREATE TABLE c (x);
        CREATE TRIGGER floor AFTER \(operation.rawValue.uppercased()) ON photo BEGIN INSERT INTO c VALUES (1); END;
        """
    }

    /// The floor of recording values: one `INSERT … VALUES` of the values
    /// Plume records, into a table with `plume_history`'s columns (`v1…v10`
    /// for the five columns of `photo`, two slots each for an update).
    private static func valuesFloorTrigger(_ operation: Operation) -> String {
        let columns = ["id", "name", "created", "rating", "album"]
        let slots = (1...10).map { "v\($0)" }
        let (op, inserted): (Int, [String]) = switch operation {
        case .insert: (1, columns.map { "NEW.\($0)" })
        case .delete: (3, columns.map { "OLD.\($0)" })
        // Only the rating changes: slots 7 and 8 hold its old and new value.
        case .update: (2, ["NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "OLD.rating", "NEW.rating"])
        }
        let row = operation == .delete ? "OLD" : "NEW"
        return """
            CREATE TABLE h (seq INTEGER PRIMARY KEY, tbl TEXT, op INTEGER, key, layout, \(slots.joined(separator: ", ")));
            CREATE TRIGGER floor AFTER \(operation.rawValue.uppercased()) ON photo BEGIN
            INSERT INTO h (tbl, op, key, layout, \(slots.prefix(inserted.count).joined(separator: ", "))) VALUES ('photo', \(op), \(row).id, 1, \(inserted.joined(separator: ", ")));
            END;
            """
    }

    private func run(_ photos: [PhotoValue], _ db: Database) throws {
        let sql = switch operation {
        case .insert: PhotoFixture.insert
        case .update: "UPDATE photo SET rating = ?2 WHERE id = ?1"
        case .delete: "DELETE FROM photo WHERE id = ?1"
        }
        let statement = try db.makeStatement(sql: sql)
        func each() throws {
            for photo in photos {
                try statement.bind(photo.id, at: 1)
                switch operation {
                case .insert:
                    try statement.bind(photo.name, at: 2)
                    try statement.bind(photo.created.timeIntervalSince1970, at: 3)
                    try statement.bind(photo.rating, at: 4)
                    try statement.bind(photo.album, at: 5)
                case .update:
                    try statement.bind(photo.rating + 1, at: 2)
                case .delete:
                    break
                }
                try statement.run()
            }
        }
        if singleRowTransactions { try each() } else { try db.inTransaction { try each() } }
    }
}

/// `undo.1k`: undoing a step of 1,000 single-row updates through a
/// ``DatabaseUndoStack`` (one transaction replaying the history's values in
/// SQL, with its own history entries), against the original write: the
/// same 1,000 updates through the stack, in a table of `rows` photos with
/// the history recording values.
struct UndoWorkload: Workload {
    var name = "undo.1k"
    var rows: Int
    var stepRows = 1_000

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let photos = PhotoFixture.photos(count: rows)
        var counter = 0
        func open() throws -> (String, DatabaseQueue, DatabaseUndoStack) {
            counter += 1
            let path = directory.appendingPathComponent("\(name)-\(counter).sqlite").path
            try RawSQLite.makeFilledDatabase(at: path, photos: photos)
            let queue = try DatabaseQueue(path: path)
            try queue.writeAndWait { db in try db.enableChangeHistory(for: ["photo"], values: true) }
            return (path, queue, try DatabaseUndoStack(writer: queue))
        }
        let ids = Array(photos.prefix(stepRows).map(\.id))
        let stepRows = self.stepRows
        func write(_ stack: DatabaseUndoStack, _ delta: Int) throws {
            try stack.undoGroupAndWait(name: "Rate") { db in
                let statement = try db.makeStatement(sql: "UPDATE photo SET rating = rating + ?2 WHERE id = ?1")
                for id in ids {
                    try statement.bind(id, at: 1)
                    try statement.bind(delta, at: 2)
                    try statement.run()
                }
            }
        }
        func tearDown(_ path: String, _ queue: DatabaseQueue) throws {
            try queue.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        return [
            Contestant(contender: .plume) {
                let (path, queue, stack) = try open()
                try write(stack, 1)
                return Trial(run: {
                    try stack.undo()
                    return stepRows
                }, tearDown: { try tearDown(path, queue) })
            },
            Contestant(contender: .original) {
                let (path, queue, stack) = try open()
                return Trial(run: {
                    try write(stack, 1)
                    return stepRows
                }, tearDown: { try tearDown(path, queue) })
            },
        ]
    }
}

/// `observe.external.*`: another process (a `sqlite3` shell fed through a
/// pipe) renames one photo in a result of `rows` photos sorted by name; the
/// time from handing the statement to the shell to the change set in the
/// consumer's hands. With the history, the controller follows the commit
/// incrementally; without, it refetches and diffs, and `raw_ms` is that
/// refetch's floor (the write, then the query stepped through the C API
/// on an open connection). `write_ms` is the
/// shell's own part: the same rename handed to a second shell on another
/// copy of the file, until it answers a `SELECT` sent after it.
struct ExternalObserveWorkload: Workload {
    var name: String
    var rows: Int
    var history: Bool

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let path = directory.appendingPathComponent("\(name).sqlite").path
        try RawSQLite.makeFilledDatabase(at: path, photos: PhotoFixture.photos(count: rows))
        if history {
            let db = try Database(path: path)
            try db.enableChangeHistory(for: ["photo"])
            try db.close()
        }
        let floorPath = directory.appendingPathComponent("\(name)-write.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: floorPath)
        let shell = try ShellWriter(path: path)
        let floorShell = try ShellWriter(path: floorPath)
        let request = FetchRequest(table: "photo", sortedBy: [.ascending("name")])
        let observer = try PlumeObserver(path: path, request: request)
        let rows = self.rows
        let renaming = PhotoRenaming(rows: rows)
        func rename() -> Int {
            shell.send(renaming())
            return observer.waitForDelivery()
        }
        _ = rename() // warm up
        floorShell.sendAndWait(renaming())
        return [
            Contestant(contender: .plume) {
                Trial(run: { rename() }, tearDown: {})
            },
            Contestant(contender: .write) {
                let sql = renaming()
                return Trial(run: { floorShell.sendAndWait(sql); return rows })
            },
        ] + (history ? [] : [
            // Without a history the controller refetches: its floor is the
            // shell's write, then the controller's query stepped through
            // the C API on a connection kept open, with no diff.
            Contestant(contender: .raw) {
                let reader = try RawQueryReader(path: floorPath, sql: request.sql)
                let sql = renaming()
                return Trial(run: {
                    floorShell.sendAndWait(sql)
                    return try reader.readAll()
                })
            },
        ])
    }
}

/// Statements renaming one random photo of `rows` to a new random name:
/// the external commit the observe workloads time.
final class PhotoRenaming: @unchecked Sendable {
    // Safe: used from the benchmark's one thread.
    private let rows: Int
    private var generator = SystemRandomNumberGenerator()

    init(rows: Int) {
        self.rows = rows
    }

    func callAsFunction() -> String {
        let id = Int64.random(in: 1...Int64(rows), using: &generator)
        return "UPDATE photo SET name = 'IMG_\(Int.random(in: 0..<rows, using: &generator)) \(UUID().uuidString.prefix(6))' WHERE id = \(id);"
    }
}

/// A `sqlite3` shell process kept open on a database, reading statements
/// from a pipe.
final class ShellWriter: @unchecked Sendable {
    // Safe: used from the benchmark's one thread.
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-cmd", ".timeout 5000", path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func send(_ sql: String) {
        input.fileHandleForWriting.write(Data((sql + "\n").utf8))
    }

    /// Sends `sql`, then a `SELECT`, and waits for its answer: the time
    /// the shell takes to run and commit `sql`.
    func sendAndWait(_ sql: String) {
        send(sql + " SELECT 'done';")
        var received = Data()
        while !received.contains(10) {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return }
            received.append(data)
        }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
