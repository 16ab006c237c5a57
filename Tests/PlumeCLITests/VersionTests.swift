import Foundation
import PlumeTestSupport
import Testing

@Suite struct VersionTests {
    @Test func versionFlagPrintsVersion() throws {
        let result = try PlumeProcess.plume(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    /// `plume --version` prints the newest version of `CHANGELOG.md` (the
    /// changes of no version yet stand under `## Unreleased`).
    @Test func versionIsTheChangelogsNewest() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") && $0 != "## Unreleased" }?.dropFirst(3)
        let result = try PlumeProcess.plume(["--version"])
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == newest.map(String.init))
    }
}
