import Foundation
import PlumeTestSupport
import Testing

/// Issue 33, class 5: reals at the edge in `.mode insert` and `.dump`.
/// `sqlite3` writes an integral real in [-2^63, 2^63) as `%lld.0`;
/// Plume's range stopped at ±9.2e18, so -2^63 printed as
/// `-9223372036854775807.8` and 9223372036854774784.0 as
/// `9223372036854774784.3`. A seeded property test over random doubles
/// compares Plume's output with `sqlite3`'s byte for byte, and checks that
/// the text denotes the same bits (read by a correctly rounding parser:
/// SQLite 3.40.1's own text-to-real conversion misreads some values near
/// the subnormal range, for both shells, and `-0.0` is written `0.0` by
/// both).
@Suite struct RealEdgeValueTests {
    /// Bit patterns to test: edges, then random ones of every kind.
    static func bitPatterns(seed: UInt64, count: Int) -> [UInt64] {
        let edges: [Double] = [-0x1p63, 0x1p63, -0x1p63 + 1024, 0x1p63 - 1024, -0.0, 0.0, .leastNonzeroMagnitude,
                               -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
                               -.greatestFiniteMagnitude, 0x1p53 + 2, -9.2e18, 9.2e18, 9_223_372_036_854_774_784, 0.1, 1e300]
        var generator = SeededGenerator(seed: seed)
        var patterns = edges.map(\.bitPattern)
        while patterns.count < count {
            let kind = Int.random(in: 0..<5, using: &generator)
            let bits: UInt64 = switch kind {
            case 0: UInt64.random(in: .min ... .max, using: &generator)
            case 1: Double.random(in: -1e19...1e19, using: &generator).bitPattern
            case 2: UInt64.random(in: 0..<(1 << 52), using: &generator) | (Bool.random(using: &generator) ? 1 << 63 : 0)
            case 3: Double(Int64.random(in: .min ... .max, using: &generator)).bitPattern
            default: (Double(Int64.random(in: -(1 << 20)...(1 << 20), using: &generator))
                      * Double(sign: .plus, exponent: Int.random(in: 0...80, using: &generator), significand: 1)).bitPattern
            }
            if !Double(bitPattern: bits).isNaN { patterns.append(bits) }
        }
        return patterns
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func insertModeAndDumpPrintWhatSQLite3PrintsAndDenoteTheSameBits(seed: UInt64) throws {
        let patterns = Self.bitPatterns(seed: seed, count: 1500)
        let directory = try TemporaryDirectory()
        let path = directory.path("reals.sqlite")
        let hex = { (bits: UInt64) in String(bits, radix: 16, uppercase: true).leftPadded(to: 16) }
        let setup = "CREATE TABLE t(i INTEGER PRIMARY KEY, x);\n" + patterns.enumerated().map { index, bits in
            "INSERT INTO t VALUES(\(index), ieee754_from_blob(x'\(hex(bits))'));\n"
        }.joined()
        #expect(try PlumeProcess.sqlite3([path], stdin: setup).status == 0)
        for script in [".mode insert t\nSELECT i, x FROM t;\n", ".dump\n"] {
            let plume = try PlumeProcess.plume([path], stdin: script)
            let sqlite = try PlumeProcess.sqlite3([path], stdin: script)
            #expect(plume.stdout == sqlite.stdout, "\(script)")
            for line in plume.stdout.split(separator: "\n") where line.hasPrefix("INSERT INTO t VALUES(") {
                let fields = line.dropFirst("INSERT INTO t VALUES(".count).dropLast(2).split(separator: ",")
                guard fields.count == 2, let index = Int(fields[0]), let value = Double(String(fields[1])) else {
                    Issue.record("unexpected line \(line)")
                    continue
                }
                let expected = patterns[index]
                let wanted = expected == (-0.0).bitPattern ? 0.0.bitPattern : expected
                #expect(value.bitPattern == wanted, "\(line) for \(hex(expected))")
            }
        }
    }

    @Test func theSmallestInt64AsARealIsWrittenAsSQLite3WritesIt() throws {
        let script = "CREATE TABLE t(x REAL); INSERT INTO t VALUES(-9223372036854775808.0), (9223372036854774784.0);\n"
            + ".mode insert\nSELECT x FROM t;\n"
        let plume = try PlumeProcess.plume([":memory:"], stdin: script)
        #expect(plume.stdout == "INSERT INTO \"table\" VALUES(-9223372036854775808.0);\nINSERT INTO \"table\" VALUES(9223372036854774784.0);\n")
        #expect(plume.stdout == (try PlumeProcess.sqlite3([":memory:"], stdin: script)).stdout)
    }

    /// A 4 MB cell in each aligned mode: `sqlite3`'s bytes (the line
    /// splitter's work is checked in ColumnarLinearityTests).
    @Test(arguments: ["box", "column", "table", "markdown"])
    func aFourMegabyteCellPrintsAsSQLite3PrintsIt(mode: String) throws {
        let script = ".mode \(mode)\nSELECT printf('%.*c', 4000000, 'x') || ' end' AS v;\n"
        let plume = try PlumeProcess.plume([":memory:"], stdin: script)
        let sqlite = try PlumeProcess.sqlite3([":memory:"], stdin: script)
        #expect(plume.stdoutBytes == sqlite.stdoutBytes)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
