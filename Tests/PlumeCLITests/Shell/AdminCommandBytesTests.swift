import Foundation
import PlumeTestSupport
import Testing

/// The administrative dot-commands given bytes that are not UTF-8, and
/// arguments holding a NUL byte (through `\000`, which `sqlite3` cuts
/// there as C strings end): plume and sqlite3 print the same bytes.
@Suite struct AdminCommandBytesTests {
    static let scripts: [(name: String, script: [UInt8])] = [
        ("invalid UTF-8 in names", Array(".limit ".utf8) + [0xFF, 0xFE] + Array("\n.dbconfig ".utf8) + [0xC3]
            + Array("\n.filectrl ".utf8) + [0xFF] + Array("\n.testctrl ".utf8) + [0x80]
            + Array("\n.imposter ".utf8) + [0xFF] + Array(" x\n.lint fkey ".utf8) + [0xFF]
            + Array("\n.cd ".utf8) + [0xE2, 0x82] + Array("\n.clone ".utf8) + [0xFF] + Array(".db\n.print ok\n".utf8)),
        ("invalid UTF-8 in sessions, .testcase and .check", Array(".session open main ".utf8) + [0xFF, 0x41]
            + Array("\n.session list\n.session ".utf8) + [0xFF, 0x41] + Array(" isempty\n.testcase ".utf8) + [0xFE]
            + Array("\n.print ".utf8) + [0xFF] + Array("\n.check x\n.testcase t\n.print ".utf8) + [0xFF]
            + Array("\n.check \"".utf8) + [0xFF] + Array("\"\n".utf8)),
        ("arguments cut at a NUL byte", Array(#"""
            .dbconfig "defensive\000junk"
            .limit "len\000junk"
            .filectrl "data_version\000junk"
            .cd "sub\000junk"
            .shell "echo\000junk" x
            .sha3sum "t\000junk"
            .print after

            """#.utf8)),
    ]

    @Test(arguments: scripts.indices)
    func bytesMatchSQLite3(_ index: Int) throws {
        let (name, script) = Self.scripts[index]
        let directory = try TemporaryDirectory()
        var results: [ProcessResult] = []
        for program in ["sqlite3", "plume"] {
            let folder = directory.url.appendingPathComponent(program)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
            let made = try PlumeProcess.run(ShellComparison.sqlite3URL, ["test.db", "CREATE TABLE t(a); INSERT INTO t VALUES (1);"],
                                            currentDirectory: folder)
            try #require(made.status == 0)
            let executable = program == "plume" ? try PlumeProcess.plumeURL : ShellComparison.sqlite3URL
            results.append(try PlumeProcess.run(executable, ["test.db"], input: Data(script), currentDirectory: folder))
        }
        #expect(results[1].stdoutBytes == results[0].stdoutBytes, "\(name): \(results[1].stdout) vs \(results[0].stdout)")
        #expect(results[1].stderrBytes == results[0].stderrBytes, "\(name): \(results[1].stderr) vs \(results[0].stderr)")
        #expect(results[1].status == results[0].status, "\(name)")
    }
}
