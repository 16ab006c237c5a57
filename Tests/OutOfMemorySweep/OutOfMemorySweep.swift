import CFaultVFS
import Foundation
import Persistence

/// What a sweep of one operation saw.
struct OutOfMemoryReport: CustomStringConvertible {
    var points = 0
    var fired = 0
    var reportedErrors = 0
    var problems: [String] = []

    var description: String {
        "\(points) allocations failed in turn, \(fired) fired, \(reportedErrors) errors reported"
            + (problems.isEmpty ? "" : "; problems:\n  " + problems.joined(separator: "\n  "))
    }
}

/// Runs an operation once per allocation it makes, failing that one.
struct OutOfMemorySweep {
    let operation: Operation
    let stride: Int64

    func run() async throws -> OutOfMemoryReport {
        let (before, after, allocations) = try await countingRun()
        var report = OutOfMemoryReport()
        // PLUME_OOM_AT=N: that allocation only (to look at one finding).
        let only = ProcessInfo.processInfo.environment["PLUME_OOM_AT"].flatMap { Int64($0) }
        let numbers = only.map { [$0] } ?? Array(Swift.stride(from: Int64(1), through: allocations, by: Int(stride)))
        for number in numbers {
            report.points += 1
            try await inject(at: number, before: before, after: after, into: &report)
            if report.problems.count >= 5 { break }
        }
        return report
    }

    private func countingRun() async throws -> (String, String, Int64) {
        let directory = try ScratchDirectory()
        try await operation.prepare(directory)
        let before = try fingerprint(directory)
        plume_fault_malloc_arm(0, 0)
        try await operation.run(directory)
        let allocations = plume_fault_malloc_count()
        plume_fault_malloc_disarm()
        try await operation.checkAfterMemoryIsBack(directory)
        return (before, try fingerprint(directory), allocations)
    }

    private func inject(at number: Int64, before: String, after: String, into report: inout OutOfMemoryReport) async throws {
        let directory = try ScratchDirectory()
        try await operation.prepare(directory)
        plume_fault_malloc_arm(number, 0)
        var failure: (any Error)?
        do {
            try await operation.run(directory)
        } catch {
            failure = error
        }
        let fired = plume_fault_malloc_fired() != 0
        plume_fault_malloc_disarm()
        if ProcessInfo.processInfo.environment["PLUME_OOM_AT"] != nil {
            print("allocation \(number): \(failure.map { "\($0)" } ?? "no error")")
        }
        if fired { report.fired += 1 }
        if let failure {
            report.reportedErrors += 1
            if !fired { report.problems.append("allocation \(number): an error without a failed allocation: \(failure)") }
        }
        do {
            try await operation.checkAfterMemoryIsBack(directory)
            let state = try fingerprint(directory)
            if failure == nil && state != after {
                report.problems.append("allocation \(number): succeeded, but the database does not hold the result")
            } else if state != before && state != after {
                report.problems.append("allocation \(number): the database holds neither the state before nor after: "
                                       + Self.firstDifference(state, after) + "; from before, " + Self.firstDifference(state, before))
            }
        } catch {
            report.problems.append("allocation \(number): \(error)")
        }
    }

    /// The first line where `state` differs from `expected`.
    static func firstDifference(_ state: String, _ expected: String) -> String {
        let lines = state.split(separator: "\n"), expectedLines = expected.split(separator: "\n")
        for (index, line) in lines.enumerated() where index >= expectedLines.count || expectedLines[index] != line {
            return "line \(index + 1) is \(line), not \(index < expectedLines.count ? expectedLines[index] : "(nothing)")"
        }
        return "\(lines.count) lines, not \(expectedLines.count)"
    }

    /// The database's content, checked intact, as text.
    private func fingerprint(_ directory: ScratchDirectory) throws -> String {
        let db = try Database(path: directory.databasePath)
        defer { try? db.close() }
        let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        guard integrity == ["ok"] else { throw SweepProblem("integrity_check says \(integrity)") }
        let schema = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name")
        let hasItems = try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM sqlite_schema WHERE name = 'item'") ?? false
        let rows = hasItems ? try Row.fetchAll(db, sql: "SELECT * FROM item ORDER BY id").map { "\($0)" } : []
        try db.execute(sql: "BEGIN IMMEDIATE; COMMIT")  // no lock left behind
        return (schema + rows).joined(separator: "\n")
    }
}

/// A problem the sweep found.
struct SweepProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A scratch directory with a database path, removed when released.
final class ScratchDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("plume-oom-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var databasePath: String { url.appendingPathComponent("db.sqlite").path }
}
