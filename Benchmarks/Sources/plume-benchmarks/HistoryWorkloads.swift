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
/// incrementally; without, it refetches and diffs.
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
        let shell = try ShellWriter(path: path)
        let observer = try PlumeObserver(path: path, request: FetchRequest(table: "photo", sortedBy: [.ascending("name")]))
        let rows = self.rows
        nonisolated(unsafe) var generator = SystemRandomNumberGenerator()
        func rename() -> Int {
            let id = Int64.random(in: 1...Int64(rows), using: &generator)
            shell.send("UPDATE photo SET name = 'IMG_\(Int.random(in: 0..<rows, using: &generator)) \(UUID().uuidString.prefix(6))' WHERE id = \(id);")
            return observer.waitForDelivery()
        }
        _ = rename() // warm up
        return [
            Contestant(contender: .plume) {
                Trial(run: { rename() }, tearDown: {})
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

    init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-cmd", ".timeout 5000", path]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    func send(_ sql: String) {
        input.fileHandleForWriting.write(Data((sql + "\n").utf8))
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
