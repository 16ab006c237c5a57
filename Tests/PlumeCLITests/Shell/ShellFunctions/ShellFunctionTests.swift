import Foundation
import PlumeTestSupport
import Testing

/// The SQL functions, collations and table-valued functions of the
/// `sqlite3` shell give `sqlite3` 3.40.1's results and errors in
/// `plume repl`.
@Suite struct ShellFunctionTests {
    @Test(arguments: ShellFunctionCases.all)
    func matchesSQLite3(_ testCase: ShellFunctionComparison.Case) throws {
        try ShellFunctionComparison.expectSame(testCase)
    }
}

/// Where `sqlite3` cannot be compared with.
@Suite struct ShellFunctionDifferenceTests {
    /// `sqlite3` loops forever negating the smallest 64-bit integer; plume
    /// returns NULL, as the C code means to.
    @Test func ieee754OfTheSmallestIntegerIsNull() throws {
        let result = try PlumeProcess.plume(["repl", ":memory:"], stdin: "SELECT typeof(ieee754(-9223372036854775808, 5));\n")
        #expect(result.stdout == "null\n")
        #expect(result.status == 0)
    }
}
