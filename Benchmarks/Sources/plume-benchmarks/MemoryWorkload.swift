import FetchedResults
import Foundation
import Persistence

/// `memory.1m`: resident memory of a whole process holding a controller
/// over 1,000,000 rows (40-character name, 120-character caption) with a
/// batch size of 100 while it reads random pages; and of a process holding
/// the same rows fetched as an array (GRDB's way), for comparison.
///
/// Each side runs in a child process (`plume-benchmarks --memory-child
/// plume|grdb PATH`) so that no other workload's memory counts.
enum MemoryWorkload {
    static let name = "memory.1m"
    static let rows = 1_000_000

    struct Item: FetchableRecord, Sendable {
        var id: Int64
        var name: String
        var caption: String
        init(row: RowView) throws {
            id = try row.decode(at: 0)
            name = try row.decode(at: 1)
            caption = try row.decode(at: 2)
        }
    }

    /// Makes the file, runs both children, prints one result.
    static func run(in directory: URL, json: Bool) throws {
        let path = directory.appendingPathComponent("memory-1m.sqlite").path
        try makeFile(at: path)
        let plume = try child("plume", path)
        let grdb = try child("grdb", path)
        if json {
            print("{\"name\":\"\(name)\",\"rows\":\(rows),\"rss_mb\":\(format(plume.rss)),\"hwm_mb\":\(format(plume.hwm)),\"grdb_rss_mb\":\(format(grdb.rss)),\"grdb_hwm_mb\":\(format(grdb.hwm))}")
        } else {
            print("\(name): plume (batch 100, random pages) \(format(plume.rss)) MB resident (peak \(format(plume.hwm)) MB); "
                + "GRDB array \(format(grdb.rss)) MB (peak \(format(grdb.hwm)) MB); plume/grdb \(String(format: "%.2fx", plume.rss / grdb.rss))")
        }
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func makeFile(at path: String) throws {
        let db = try Database(path: path)
        try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, caption TEXT NOT NULL)")
        try db.inTransaction {
            let insert = try db.makeStatement(sql: "INSERT INTO item (name, caption) VALUES (?, ?)")
            for index in 0..<rows {
                let name = "Item \(String(format: "%09d", (index &* 7_919) % rows)) " + String(repeating: "n", count: 25)
                let caption = "Caption \(index) " + String(repeating: "c", count: 120 - 9 - String(index).count)
                try insert.execute(arguments: [name, caption])
            }
        }
        try db.execute(sql: "CREATE INDEX item_name ON item (name)")
        try db.close()
    }

    private static func child(_ side: String, _ path: String) throws -> (rss: Double, hwm: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--memory-child", side, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard process.terminationStatus == 0, fields.count == 2 else {
            throw ChildFailed(side: side, status: process.terminationStatus)
        }
        return (fields[0], fields[1])
    }

    struct ChildFailed: Error, CustomStringConvertible {
        var side: String
        var status: Int32
        var description: String { "memory child \(side) failed with status \(status)" }
    }

    /// The child side: hold the rows, walk random pages, print RSS and peak.
    static func runChild(side: String, path: String) throws {
        if side == "grdb" {
            let count = try GRDBMemory.holdAll(path: path)
            precondition(count == rows)
        } else {
            let database = try DatabaseQueue(path: path)
            let controller = FetchedResultsController<Item>(
                database: database,
                request: FetchRequest(table: "item", sortedBy: [.ascending("name")], batchSize: 100),
                queue: DispatchQueue(label: "memory"))
            try controller.performFetchAndWait()
            var generator = SystemRandomNumberGenerator()
            var checksum = 0
            for _ in 0..<2_000 {
                let page = Int.random(in: 0..<(rows / 100), using: &generator)
                for row in (page * 100)..<(page * 100 + 100) {
                    checksum &+= try controller.object(at: IndexPath(item: row, section: 0)).caption.utf8.count
                }
            }
            precondition(checksum > 0)
            withExtendedLifetime(controller) {}
        }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func kilobytes(_ field: String) -> Double {
            let line = status.split(separator: "\n").first { $0.hasPrefix(field) } ?? ""
            return Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        print("\(kilobytes("VmRSS:") / 1024) \(kilobytes("VmHWM:") / 1024)")
    }
}
