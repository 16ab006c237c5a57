import Foundation
import PlumeTestSupport
import Testing

/// Issue 33, class 6: the `plume` and `plume-sync` binaries are hardened as
/// Debian's `sqlite3` is: a PIE, full RELRO (a GNU_RELRO segment and BIND_NOW), a
/// non-executable stack and the stack protector, as `readelf` reports them
/// (the flags the package sets for every build, so the debug binary
/// shows them too; `Scripts/check-hardening.sh` checks the release one).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf")))
struct HardeningTests {
    static let programs = ["plume", "plume-sync"]

    private func readelf(_ arguments: [String], _ program: String) throws -> String {
        let result = try PlumeProcess.run(URL(fileURLWithPath: "/usr/bin/readelf"), arguments + [try PlumeProcess.builtExecutable(program).path])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test(arguments: programs) func isAPositionIndependentExecutable(program: String) throws {
        #expect(try readelf(["-hW"], program).contains("DYN (Position-Independent Executable file)"))
        #expect(try readelf(["-dW"], program).contains("PIE"))
    }

    @Test(arguments: programs) func hasFullRELRO(program: String) throws {
        #expect(try readelf(["-lW"], program).contains("GNU_RELRO"))
        let dynamic = try readelf(["-dW"], program)
        #expect(dynamic.contains("BIND_NOW") || dynamic.contains(" NOW"), "\(dynamic)")
    }

    @Test(arguments: programs) func hasANonExecutableStack(program: String) throws {
        let stack = try readelf(["-lW"], program).split(separator: "\n").first { $0.contains("GNU_STACK") }
        let line = try #require(stack)
        #expect(line.contains(" RW ") && !line.contains("RWE"), "\(line)")
    }

    @Test(arguments: programs) func usesTheStackProtector(program: String) throws {
        #expect(try readelf(["-sW", "--dyn-syms"], program).contains("__stack_chk_fail"))
    }
}
