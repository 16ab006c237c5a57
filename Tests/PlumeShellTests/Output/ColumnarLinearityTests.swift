@testable import PlumeShell
import PlumeTestSupport
import Testing

/// Issue 33, class 5: the aligned modes cut a long value into lines of the
/// wrap width (60 by default in `sqlite3` 3.40's column modes); each line
/// used to copy the whole rest of the value, so a 4 MB cell took seconds
/// (66,667 lines × megabytes). The line splitter now reads the value in
/// place: the bytes it reads for all lines stay within a small multiple of
/// the value's length.
@Suite struct ColumnarLinearityTests {
    /// Splits a value as ``ColumnarPrinter`` does; the lines and the bytes
    /// read.
    private func split(_ value: [UInt8], maxWidth: Int, wordWrap: Bool, measure: ColumnMeasure) -> (lines: [[UInt8]], read: Int) {
        let meter = ColumnarText.WorkMeter()
        var lines: [[UInt8]] = []
        ColumnarText.$workMeter.withValue(meter) {
            var pending: ArraySlice<UInt8>? = value[...]
            while let text = pending {
                let (line, tail) = ColumnarText.firstLine(of: text, maxWidth: maxWidth, wordWrap: wordWrap, measure: measure)
                lines.append(line)
                pending = tail
            }
        }
        return (lines, meter.bytesRead)
    }

    @Test(arguments: [(60, false, ColumnMeasure.characters), (60, true, .characters), (7, false, .displayWidth),
                      (0, false, .characters)])
    func aLongValueIsReadInLinearWork(maxWidth: Int, wordWrap: Bool, measure: ColumnMeasure) {
        var generator = SeededGenerator(seed: UInt64(maxWidth + 1))
        // 4 MB of words, tabs, CJK and a few line breaks.
        let alphabet: [[UInt8]] = [Array("word ".utf8), Array("x".utf8), Array("日本".utf8), [9], Array("é".utf8), [10]]
        var value: [UInt8] = []
        while value.count < 4_000_000 { value += alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        let (lines, read) = split(value, maxWidth: maxWidth, wordWrap: wordWrap, measure: measure)
        #expect(lines.count > 1)
        #expect(read <= 3 * value.count, "\(read) bytes read for \(value.count)")
    }

    @Test func aCutValueReadsBackWhole() {
        let value = Array(String(repeating: "abcdefghij", count: 100_000).utf8)
        let (lines, _) = split(value, maxWidth: 60, wordWrap: false, measure: .characters)
        #expect(lines.count == 16_667)
        #expect(Array(lines.joined()) == value)
    }
}
