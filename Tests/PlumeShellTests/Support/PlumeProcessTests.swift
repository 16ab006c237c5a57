import Foundation
import PlumeTestSupport
import Testing

/// The process runner the end-to-end tests share survives a child that
/// exits without reading its standard input.
@Suite struct PlumeProcessTests {
    @Test func aChildThatLeavesItsInputUnreadEndsNormally() throws {
        let input = String(repeating: "SELECT 1;\n", count: 100_000) // more than a pipe holds
        let result = try PlumeProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "exit 3"], stdin: input)
        #expect(result.status == 3)
        let again = try PlumeProcess.sqlite3(["-version"], stdin: input)
        #expect(again.status == 0)
    }
}
