import Foundation
import Testing

/// `.backup`, `.save` and `.restore` against sqlite3 3.40.1: output, error
/// messages, exit status, and the copies' content (dumped by each shell).
@Suite struct REPLBackupTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var script: String
        var files: [String: String] = [:]
        var testDescription: String { script.replacingOccurrences(of: "\n", with: " ⏎ ") }
    }

    static let setup = "CREATE TABLE t(x, y); INSERT INTO t VALUES (1, 'a'), (2, 'b'); CREATE INDEX tx ON t(x);"

    static let cases: [Case] = [
        Case(script: ".backup copy.db\n.open copy.db\n.dump\n"),
        Case(script: ".backup main copy.db\n.open copy.db\nSELECT * FROM t;\n"),
        Case(script: ".save saved.db\n.open saved.db\n.tables\n"),
        Case(script: ".sav saved.db\n.open saved.db\n.tables\n"),
        Case(script: ".back copy.db\n.open copy.db\n.tables\n"),
        Case(script: ".ba copy.db\n"),
        Case(script: ".sa copy.db\n"),
        Case(script: ".backup --async fast.db\n.open fast.db\n.dump\n"),
        Case(script: ".backup -async fast.db\n.open fast.db\n.tables\n"),
        Case(script: ".backup\n"),
        Case(script: ".save\n"),
        Case(script: ".backup -append\n"),
        Case(script: ".backup x y z\n"),
        Case(script: ".backup nosuch copy.db\nSELECT 'after';\n"),
        Case(script: ".backup --bogus copy.db\n"),
        Case(script: ".backup /nonexistent/directory/copy.db\n"),
        Case(script: ".backup text.db\n", files: ["text.db": String(repeating: "not a database ", count: 40)]),
        Case(script: ".bail on\n.backup nosuch copy.db\nSELECT 'not reached';\n"),
        Case(script: ".backup copy.db\nINSERT INTO t VALUES (3, 'c');\n.backup copy.db\n.open copy.db\nSELECT count(*) FROM t;\n"),
        Case(script: "ATTACH 'aux.db' AS aux;\nCREATE TABLE aux.a(v);\nINSERT INTO aux.a VALUES (5);\n.backup aux auxcopy.db\n.open auxcopy.db\n.dump\n"),
        Case(script: "CREATE TEMP TABLE scratch(z);\nINSERT INTO scratch VALUES (7);\n.backup temp tempcopy.db\n.open tempcopy.db\nSELECT * FROM scratch;\n"),
        Case(script: ".restore\n"),
        Case(script: ".restore a b c\n"),
        Case(script: ".restore nosuch copy.db\n"),
        Case(script: ".backup copy.db\nDELETE FROM t;\nDROP INDEX tx;\n.restore copy.db\n.dump\n"),
        Case(script: ".backup copy.db\nDELETE FROM t;\n.rest copy.db\nSELECT * FROM t;\n"),
        Case(script: ".backup copy.db\nDELETE FROM t;\n.res copy.db\nSELECT count(*) FROM t;\n"),
        Case(script: ".restore missing.db\n.tables\nSELECT count(*) FROM sqlite_schema;\n"),
        Case(script: ".restore text.db\n.tables\n", files: ["text.db": String(repeating: "not a database ", count: 40)]),
        Case(script: ".restore main test.db\n"),
        Case(script: "ATTACH 'aux.db' AS aux;\n.backup copy.db\n.restore aux copy.db\nSELECT * FROM aux.t;\n"),
    ]

    @Test(arguments: cases)
    func matchesSQLite3(_ testCase: Case) throws {
        let outcome = try ShellComparison.run(testCase.script, setup: Self.setup, files: testCase.files)
        #expect(outcome.plume.stdout == outcome.sqlite.stdout)
        #expect(outcome.plume.stderr == outcome.sqlite.stderr)
        #expect(outcome.plume.status == outcome.sqlite.status)
    }
}
