import CFaultVFS
import Foundation
import Persistence
import Testing

/// SQLite's I/O-error and crash tests ("How SQLite Is Tested" §3.2, §4),
/// for Plume's own write paths: each operation runs once per I/O call it
/// makes, with that call failing (an I/O error, a full disk) or losing
/// power there. Every run must leave a database that passes
/// `PRAGMA integrity_check`, holds all of the operation or none of it, and
/// lets the next writer in; a live controller must show what the database
/// holds.
///
/// `PLUME_FAULT_STRIDE` (default 1: every call) skips calls for a quicker
/// pass.
@Suite(.serialized) struct IOFaultTests {
    static let stride = Int64(ProcessInfo.processInfo.environment["PLUME_FAULT_STRIDE"] ?? "") ?? 1

    static let faults: [InjectedFault] = [.anyIOError, .diskFull, .powerLoss]

    static func sweep(_ scenario: some FaultScenario, _ fault: InjectedFault) async throws {
        let report = try await FaultSweep.sweep(scenario, fault, stride: stride)
        #expect(report.failures.isEmpty, "\(type(of: scenario)), \(fault): \(report.failures.joined(separator: "\n"))")
        #expect(report.fired > 0, "no fault fired: \(report)")
        print("\(type(of: scenario)), \(fault): \(report)")
    }

    @Test(arguments: faults) func migratingUp(fault: InjectedFault) async throws {
        try await Self.sweep(MigrateUpScenario(), fault)
    }

    @Test(arguments: faults) func rollingMigrationsBack(fault: InjectedFault) async throws {
        try await Self.sweep(MigrateDownScenario(), fault)
    }

    @Test(arguments: faults) func enablingRecordingAndPruningTheChangeHistory(fault: InjectedFault) async throws {
        try await Self.sweep(ChangeHistoryScenario(), fault)
    }

    @Test(arguments: faults) func aThousandRowTransactionUnderALiveController(fault: InjectedFault) async throws {
        try await Self.sweep(ObservedWriteScenario(), fault)
    }

    @Test(arguments: faults) func backingUp(fault: InjectedFault) async throws {
        try await Self.sweep(BackupScenario(), fault)
    }

    @Test(arguments: faults) func checkpointingAPool(fault: InjectedFault) async throws {
        try await Self.sweep(PoolCheckpointScenario(), fault)
    }
}
