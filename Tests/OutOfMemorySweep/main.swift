// SQLite's out-of-memory tests for Plume's layers: SQLite's allocator is
// replaced (before SQLite initializes, hence a process of its own) by one
// that fails the Nth allocation; each operation runs once per allocation it
// makes, with that one failing. Every `SQLITE_NOMEM` must reach the caller
// as an error (no trap), leave the database holding the state before or
// after the operation, and, once memory is back, a live list must equal a
// fresh query. Prints one line per operation; exits 1 on any problem.
//
// Run by ReliabilityTests/OutOfMemoryTests; by hand:
// `swift run plume-oom-sweep` (PLUME_OOM_STRIDE=N tries every Nth
// allocation only; PLUME_OOM_AT=N that one, printing what it threw).

import CFaultVFS
import CSQLite
import FetchedResults
import Foundation
import Persistence

guard plume_fault_malloc_install() == SQLITE_OK else {
    print("error: SQLite's allocator could not be replaced (SQLite initialized already?)")
    exit(1)
}

let stride = Int64(ProcessInfo.processInfo.environment["PLUME_OOM_STRIDE"] ?? "") ?? 1
var failed = false
for operation in Operation.all {
    do {
        let report = try await OutOfMemorySweep(operation: operation, stride: stride).run()
        print("\(operation.name): \(report)")
        failed = failed || !report.problems.isEmpty
    } catch {
        print("\(operation.name): the sweep itself failed: \(error)")
        failed = true
    }
}
exit(failed ? 1 : 0)
