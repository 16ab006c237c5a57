import CFaultVFS
import CSQLite
import Foundation
import Persistence
import Testing

/// What is injected at one I/O call.
enum InjectedFault: CustomStringConvertible, Sendable {
    /// The call fails with its kind's `SQLITE_IOERR_*` (code 0) or `code`.
    case ioError(kinds: Int32, code: Int32)
    /// A power loss at the call: it and everything after fail, and what
    /// was not synced is dropped.
    case crash(kinds: Int32)

    /// Every kind of call fails with its own I/O error.
    static let anyIOError = InjectedFault.ioError(kinds: Int32(PLUME_FAULT_ALL), code: 0)
    /// Writes and truncates fail with `SQLITE_FULL` (a full disk).
    static let diskFull = InjectedFault.ioError(kinds: Int32(PLUME_FAULT_WRITE | PLUME_FAULT_TRUNCATE), code: SQLITE_FULL)
    /// A power loss at a write, a sync or a truncate.
    static let powerLoss = InjectedFault.crash(kinds: Int32(PLUME_FAULT_WRITE | PLUME_FAULT_SYNC | PLUME_FAULT_TRUNCATE))

    var kinds: Int32 {
        switch self {
        case .ioError(let kinds, _), .crash(let kinds): kinds
        }
    }

    var isCrash: Bool {
        if case .crash = self { true } else { false }
    }

    var description: String {
        switch self {
        case .ioError(let kinds, let code): "I/O error \(code) on kinds \(kinds)"
        case .crash(let kinds): "power loss on kinds \(kinds)"
        }
    }

    /// Arms the VFS to inject the fault at call `number`.
    func arm(at number: Int64) {
        switch self {
        case .ioError(let kinds, let code): plume_fault_vfs_arm(kinds, number, code, 0)
        case .crash(let kinds): plume_fault_vfs_arm_crash(kinds, number)
        }
    }
}

/// A database operation run with a fault injected at each of its I/O
/// calls in turn.
protocol FaultScenario: Sendable {
    /// Makes the files the operation starts from, without faults.
    func prepare(in directory: TemporaryFolder) throws
    /// Runs the operation on connections opened with `configuration`
    /// (its `vfsName` is the fault VFS). `fault` is what is injected (nil
    /// in the counting run).
    func run(in directory: TemporaryFolder, configuration: Database.Configuration, fault: InjectedFault?) async throws
    /// The database files whose content must be all-or-nothing.
    func databasePaths(in directory: TemporaryFolder) -> [String]
    /// What the content of a database is, to compare with the states
    /// before and after the operation.
    func fingerprint(_ db: Database) throws -> String
    /// For an operation of several transactions (one per migration, say):
    /// brings prepared files to the state after each transaction but the
    /// last, without faults. The sweep accepts those states too.
    func intermediateSteps() -> [@Sendable (TemporaryFolder) async throws -> Void]
}

extension FaultScenario {
    func databasePaths(in directory: TemporaryFolder) -> [String] { [directory.path("db.sqlite")] }

    func intermediateSteps() -> [@Sendable (TemporaryFolder) async throws -> Void] { [] }

    /// The schema, and every row of every table, as text; without what
    /// records when (the time a migration ran, its duration, the history's
    /// clock), which differs from run to run.
    func fingerprint(_ db: Database) throws -> String {
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_schema WHERE type = 'table' AND name <> 'plume_history_clock' ORDER BY name
            """)
        var text = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name").joined(separator: "\n")
        for table in tables {
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
                .filter { !["applied_at", "execution_ms"].contains($0) }
                .map { "\"\($0)\"" }.joined(separator: ", ")
            let rows = try Row.fetchAll(db, sql: "SELECT \(columns) FROM \"\(table)\" ORDER BY 1")
            text += "\n\(table): " + rows.map { "\($0)" }.joined(separator: "|")
        }
        return text
    }
}

/// What a sweep saw: how many injection points, how many faults fired,
/// how many the operation reported as errors.
struct SweepReport: CustomStringConvertible {
    var points = 0
    var fired = 0
    var reportedErrors = 0
    var failures: [String] = []

    var description: String { "\(points) points, \(fired) fired, \(reportedErrors) errors reported" }
}

/// Runs a scenario once per I/O call with a fault there, and checks what
/// each run leaves: a database that passes `PRAGMA integrity_check`, holds
/// the state before or after the operation, or after one of its
/// transactions (nothing in between), and lets the next writer in.
enum FaultSweep {
    static func sweep(_ scenario: some FaultScenario, _ fault: InjectedFault, stride: Int64 = 1) async throws -> SweepReport {
        #expect(plume_fault_vfs_register() == SQLITE_OK)
        let (before, after, calls) = try await countingRun(scenario, kinds: fault.kinds)
        let between = try await intermediateStates(scenario)
        var report = SweepReport()
        for number in Swift.stride(from: Int64(1), through: calls, by: Int(stride)) {
            report.points += 1
            try await inject(fault, at: number, scenario, before: before, after: after, between: between, into: &report)
            if report.failures.count >= 5 { break }
        }
        return report
    }

    /// Runs the scenario without faults: the states before and after, and
    /// how many calls of `kinds` it makes.
    private static func countingRun(_ scenario: some FaultScenario, kinds: Int32) async throws -> ([String], [String], Int64) {
        let directory = try TemporaryFolder()
        try scenario.prepare(in: directory)
        let before = try fingerprints(scenario, in: directory)
        plume_fault_vfs_arm(kinds, 0, 0, 0)
        try await scenario.run(in: directory, configuration: faultConfiguration(), fault: nil)
        let calls = plume_fault_vfs_calls()
        plume_fault_vfs_reset()
        return (before, try fingerprints(scenario, in: directory), calls)
    }

    /// The states after each intermediate step, step after step.
    private static func intermediateStates(_ scenario: some FaultScenario) async throws -> [[String]] {
        var states: [[String]] = []
        for count in scenario.intermediateSteps().indices {
            let directory = try TemporaryFolder()
            try scenario.prepare(in: directory)
            for step in scenario.intermediateSteps()[...count] { try await step(directory) }
            states.append(try fingerprints(scenario, in: directory))
        }
        return states
    }

    private static func inject(_ fault: InjectedFault, at number: Int64, _ scenario: some FaultScenario,
                               before: [String], after: [String], between: [[String]],
                               into report: inout SweepReport) async throws {
        let directory = try TemporaryFolder()
        try scenario.prepare(in: directory)
        fault.arm(at: number)
        var failure: (any Error)?
        do {
            try await scenario.run(in: directory, configuration: faultConfiguration(), fault: fault)
        } catch {
            failure = error
        }
        let fired = plume_fault_vfs_fired() != 0
        if fault.isCrash {
            #expect(plume_fault_vfs_apply_crash() >= 0, "call \(number): the crash could not be applied")
        }
        plume_fault_vfs_reset()
        if fired { report.fired += 1 }
        if let failure {
            report.reportedErrors += 1
            if !fired { report.failures.append("call \(number): an error without a fault: \(failure)") }
            if "\(failure)".isEmpty { report.failures.append("call \(number): an error without a message") }
        }
        // A fault SQLite absorbs (a lock it retries, a read on a path that
        // recovers) may leave the operation successful: then the database
        // must hold its result.
        let problems = check(scenario, in: directory, before: before, after: after, between: between,
                             succeeded: failure == nil && !fault.isCrash)
        report.failures += problems.map { "call \(number) (\(fault)): \($0)" }
    }

    /// What is wrong with the files after a run, if anything.
    private static func check(_ scenario: some FaultScenario, in directory: TemporaryFolder,
                              before: [String], after: [String], between: [[String]], succeeded: Bool) -> [String] {
        var problems: [String] = []
        for (index, path) in scenario.databasePaths(in: directory).enumerated() {
            do {
                let db = try Database(path: path, configuration: plainConfiguration())
                defer { try? db.close() }
                let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                if integrity != ["ok"] { problems.append("\(path): integrity_check says \(integrity)") }
                let state = try scenario.fingerprint(db)
                if succeeded && state != after[index] {
                    problems.append("\(path): the operation succeeded but the database does not hold its result")
                } else if state != before[index] && state != after[index] && !between.contains(where: { $0[index] == state }) {
                    problems.append("\(path): the database holds neither the state before nor after: from before, "
                                    + firstDifference(state, before[index]) + "; from after, " + firstDifference(state, after[index])
                                    + between.map { "; from an intermediate state, " + firstDifference(state, $0[index]) }.joined())
                }
                try db.execute(sql: "BEGIN IMMEDIATE; COMMIT")
            } catch {
                problems.append("\(path): \(error)")
            }
        }
        return problems
    }

    /// The first line where `state` differs from `expected`, both shown.
    private static func firstDifference(_ state: String, _ expected: String) -> String {
        let lines = state.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where index >= expectedLines.count || expectedLines[index] != line {
            let other = index < expectedLines.count ? expectedLines[index].prefix(300) : "(nothing)"
            return "line \(index + 1) is \(line.prefix(300)), not \(other)"
        }
        return "it has \(lines.count) lines, before it had \(expectedLines.count)"
    }

    private static func fingerprints(_ scenario: some FaultScenario, in directory: TemporaryFolder) throws -> [String] {
        try scenario.databasePaths(in: directory).map { path in
            let db = try Database(path: path, configuration: plainConfiguration())
            defer { try? db.close() }
            return try scenario.fingerprint(db)
        }
    }

    /// Connections through the fault VFS.
    static func faultConfiguration() -> Database.Configuration {
        var configuration = Database.Configuration()
        configuration.vfsName = String(cString: plume_fault_vfs_name())
        configuration.busyTimeout = .zero
        return configuration
    }

    /// Connections through the default VFS, that wait for no lock: a
    /// lock left behind fails the check at once.
    static func plainConfiguration() -> Database.Configuration {
        var configuration = Database.Configuration()
        configuration.busyTimeout = .zero
        return configuration
    }
}

/// A directory removed when the folder is released.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("plume-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
