import FetchedResults
import Foundation
import Persistence

/// `insert.history`: the `insert` workload through Plume with the change
/// history enabled on `photo` (each row also appends one history row),
/// against the same inserts without history (`plain`).
struct HistoryInsertWorkload: Workload {
    var name: String { "insert.history" }
    var rows: Int

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let photos = PhotoFixture.photos(count: rows)
        var counter = 0
        func emptyFile(history: Bool) throws -> (String, Database) {
            counter += 1
            let path = directory.appendingPathComponent("insert-history-\(counter).sqlite").path
            try RawSQLite.makeFilledDatabase(at: path, photos: [])
            let db = try PlumePhotos.open(path)
            if history { try db.enableChangeHistory(for: ["photo"]) }
            return (path, db)
        }
        func contestant(_ contender: Contender, history: Bool) -> Contestant {
            Contestant(contender: contender) {
                let (path, db) = try emptyFile(history: history)
                return Trial(run: {
                    try PlumePhotos.insert(photos, into: db)
                    return photos.count
                }, tearDown: {
                    try db.close()
                    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                })
            }
        }
        return [contestant(.plume, history: true), contestant(.plain, history: false)]
    }
}

/// `observe.external.*`: another process (a `sqlite3` shell fed through a
/// pipe) renames one photo in a result of `rows` photos sorted by name; the
/// time from handing the statement to the shell to the change set in the
/// consumer's hands. With the history, the controller follows the commit
/// incrementally; without, it refetches and diffs. `write_ms` is the
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
        let observer = try PlumeObserver(path: path, request: FetchRequest(table: "photo", sortedBy: [.ascending("name")]))
        let rows = self.rows
        nonisolated(unsafe) var generator = SystemRandomNumberGenerator()
        func renaming() -> String {
            let id = Int64.random(in: 1...Int64(rows), using: &generator)
            return "UPDATE photo SET name = 'IMG_\(Int.random(in: 0..<rows, using: &generator)) \(UUID().uuidString.prefix(6))' WHERE id = \(id);"
        }
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
        ]
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
