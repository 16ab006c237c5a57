import Foundation
import PlumeTestSupport
import Testing

/// Random bytes on standard input and in a `.read` script get sqlite3's
/// answer, byte for byte, never a crash: long lines of bytes that are not
/// UTF-8 (continuation bytes only, lone lead bytes), NULs, quotes and SQL
/// fragments, from a fixed seed.
@Suite struct REPLByteFuzzTests {
    static let fragments: [[UInt8]] = [
        Array("SELECT ".utf8), Array("SELECT 1;".utf8), Array("'".utf8), Array("x".utf8), Array(";".utf8), Array(" ".utf8),
        Array("CREATE TABLE IF NOT EXISTS t (a);".utf8), Array("INSERT INTO t VALUES ('é');".utf8), Array("SELECT * FROM t;".utf8),
        [0], [0xFF], [0xC3], Array("é".utf8), Array("-- c".utf8),
    ]

    /// One line: fragments, runs of one invalid byte (up to 300), random bytes.
    static func line(_ random: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes += [UInt8](repeating: [0x80, 0xBF, 0xFF, 0xC3, 0xE2].randomElement(using: &random)!,
                                     count: Int.random(in: 1...300, using: &random))
            case 1: bytes += (0..<Int.random(in: 1...120, using: &random)).map { _ in UInt8.random(in: 1...255, using: &random) }
            default: bytes += fragments.randomElement(using: &random)!
            }
        }
        return bytes.map { $0 == 0x0A ? 0x20 : $0 } + [0x0A]
    }

    static func script(seed: UInt64, lines: Int) -> Data {
        var random = SeededGenerator(seed: seed)
        return Data((0..<lines).flatMap { _ in line(&random) } + Array(";\nSELECT 'end';\n".utf8))
    }

    static func expectSameAnswer(_ plume: ProcessResult, _ sqlite: ProcessResult, _ label: String) {
        #expect(plume.status == sqlite.status, "\(label): status \(plume.status), sqlite3 \(sqlite.status)")
        #expect(plume.stdoutBytes == sqlite.stdoutBytes ? true : false, "\(label): standard output differs:\n\(plume.stdout.prefix(400))\n---\n\(sqlite.stdout.prefix(400))")
        #expect(plume.stderrBytes == sqlite.stderrBytes ? true : false, "\(label): standard error differs:\n\(plume.stderr.prefix(400))\n---\n\(sqlite.stderr.prefix(400))")
    }

    @Test(arguments: 0..<12)
    func randomBytesOnStandardInput(seed: Int) throws {
        let input = Self.script(seed: UInt64(5_000 + seed), lines: 25)
        let plume = try PlumeProcess.run(try PlumeProcess.plumeURL, ["repl", ":memory:"], input: input)
        let sqlite = try PlumeProcess.run(ShellComparison.sqlite3URL, [":memory:"], input: input)
        Self.expectSameAnswer(plume, sqlite, "seed \(seed)")
    }

    @Test(arguments: 0..<4)
    func randomBytesInAReadScript(seed: Int) throws {
        let directory = try TemporaryDirectory()
        try Self.script(seed: UInt64(6_000 + seed), lines: 25).write(to: directory.url.appendingPathComponent("fuzz.sql"))
        let command = Data(".read fuzz.sql\nSELECT 'after';\n".utf8)
        let plume = try PlumeProcess.run(try PlumeProcess.plumeURL, ["repl", ":memory:"], input: command, currentDirectory: directory.url)
        let sqlite = try PlumeProcess.run(ShellComparison.sqlite3URL, [":memory:"], input: command, currentDirectory: directory.url)
        Self.expectSameAnswer(plume, sqlite, "seed \(seed)")
    }

    /// The line that crashed the error quote: only continuation bytes.
    @Test func aLineOfContinuationBytesIsQuotedAsSQLite3Does() throws {
        for count in [79, 80, 200] {
            let input = Data([UInt8](repeating: 0x80, count: count) + [0x0A])
            let plume = try PlumeProcess.run(try PlumeProcess.plumeURL, ["repl", ":memory:"], input: input)
            let sqlite = try PlumeProcess.run(ShellComparison.sqlite3URL, [":memory:"], input: input)
            Self.expectSameAnswer(plume, sqlite, "\(count) bytes")
        }
    }
}
