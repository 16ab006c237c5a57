import Foundation
import Testing

@Suite struct VersionTests {
    @Test func versionFlagPrintsVersion() throws {
        let result = try PlumeProcess.plume(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }
}
