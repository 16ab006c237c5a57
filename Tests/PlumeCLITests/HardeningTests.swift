import Foundation
import PlumeTestSupport
import Testing

/// Issue 33, class 6: the `plume` binary is hardened as Debian's `sqlite3`
/// is: a PIE, full RELRO (a GNU_RELRO segment and BIND_NOW), a
/// non-executable stack and the stack protector, as `readelf` reports them
/// (the flags the package sets for every build, so the debug binary
/// shows them too; `Scripts/check-hardening.sh` checks the release one).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf")))
struct HardeningTests {
    private func readelf(_ arguments: [String]) throws -> String {
        let result = try PlumeProcess.run(URL(fileURLWithPath: "/usr/bin/readelf"), arguments + [try PlumeProcess.plumeURL.path])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func plumeIsAPositionIndependentExecutable() throws {
        #expect(try readelf(["-hW"]).contains("DYN (Position-Independent Executable file)"))
        #expect(try readelf(["-dW"]).contains("PIE"))
    }

    @Test func plumeHasFullRELRO() throws {
        #expect(try readelf(["-lW"]).contains("GNU_RELRO"))
        let dynamic = try readelf(["-dW"])
        #expect(dynamic.contains("BIND_NOW") || dynamic.contains(" NOW"), "\(dynamic)")
    }

    @Test func plumeHasANonExecutableStack() throws {
        let stack = try readelf(["-lW"]).split(separator: "\n").first { $0.contains("GNU_STACK") }
        let line = try #require(stack)
        #expect(line.contains(" RW ") && !line.contains("RWE"), "\(line)")
    }

    @Test func plumeUsesTheStackProtector() throws {
        #expect(try readelf(["-sW", "--dyn-syms"]).contains("__stack_chk_fail"))
    }
}
