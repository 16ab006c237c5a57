import Foundation
import PlumeTestSupport
import Testing

/// SQLite's out-of-memory tests ("How SQLite Is Tested" §3.1) for Plume's
/// layers. SQLite's allocator can only be replaced before SQLite
/// initializes, so the sweep runs in a process of its own
/// (`plume-oom-sweep`): opening a database, a controller's first fetch, a
/// commit under a live controller and a migration, each once per
/// allocation it makes, with that one failing (about 4,000 runs, seconds
/// on a quiet machine).
@Suite struct OutOfMemoryTests {
    @Test func everyAllocationFailureReachesTheCallerAndLeavesTheDatabaseWhole() async throws {
        let sweep = try PlumeProcess.builtExecutable("plume-oom-sweep")
        let result = try await onAThreadOfItsOwn { try PlumeProcess.run(sweep, [], timeout: .seconds(900)) }
        print(result.stdout)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 4, "one line per operation: \(result.stdout)")
    }
}
