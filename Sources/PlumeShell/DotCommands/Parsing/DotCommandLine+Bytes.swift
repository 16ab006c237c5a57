#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DotCommandLine {
    /// Argument `index` as `sqlite3` sees it: a C string, so cut at its
    /// first NUL byte. Printed back byte for byte, even when not UTF-8.
    func bytes(_ index: Int) -> [UInt8] {
        Array(arguments[index].prefix { $0 != 0 })
    }

    /// Argument `index` cut at its first NUL byte, as text (invalid UTF-8
    /// replaced): for comparisons and SQLite calls.
    func text(_ index: Int) -> String {
        String(decoding: bytes(index), as: UTF8.self)
    }

    /// Calls `body` with argument `index` as a C string (its raw bytes, up
    /// to its first NUL).
    func withCString<Result>(_ index: Int, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try bytes(index).withCString(body)
    }
}

extension Array where Element == UInt8 {
    /// The bytes of a C string SQLite returned (empty for NULL).
    init(cString pointer: UnsafePointer<CChar>?) {
        guard let pointer else {
            self = []
            return
        }
        self = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) })
    }
}

extension DotCommandLine {
    /// `sqlite3`'s `booleanValue` as the int it returns: a number's low 32
    /// bits, else 1 or 0 for `on`/`yes`/`off`/`no` (with a warning for
    /// anything else).
    static func booleanNumber(_ argument: [UInt8]) -> Int32 {
        let isHex = argument.starts(with: [UInt8(ascii: "0"), UInt8(ascii: "x")])
            && argument.dropFirst(2).allSatisfy { Character(Unicode.Scalar($0)).isHexDigit }
        if isHex || (!argument.isEmpty && argument.allSatisfy(SQLiteText.isDigit)) {
            return Int32(truncatingIfNeeded: integer(argument) & 0xFFFF_FFFF)
        }
        return booleanValue(argument) ? 1 : 0
    }
}

extension DotCommandLine {
    /// `sqlite3`'s `integerValue` exactly: an optional sign, decimal digits
    /// or `0x` and hexadecimal digits (wrapping on overflow), then an
    /// optional suffix (`KiB`, `MB`, `K`, … in any case) that multiplies.
    static func integer(_ argument: [UInt8]) -> Int64 {
        var index = 0
        var negative = false
        if argument.first == UInt8(ascii: "-") { negative = true; index = 1 } else if argument.first == UInt8(ascii: "+") { index = 1 }
        var value: Int64 = 0
        if argument.count >= index + 2, argument[index] == UInt8(ascii: "0"), argument[index + 1] == UInt8(ascii: "x") {
            index += 2
            while index < argument.count, let digit = Character(Unicode.Scalar(argument[index])).hexDigitValue {
                value = value &<< 4 &+ Int64(digit)
                index += 1
            }
        } else {
            while index < argument.count, SQLiteText.isDigit(argument[index]) {
                value = value &* 10 &+ Int64(argument[index] - UInt8(ascii: "0"))
                index += 1
            }
        }
        let suffix = String(decoding: argument[index...], as: UTF8.self).lowercased()
        let multipliers: [(String, Int64)] = [("kib", 1024), ("mib", 1024 * 1024), ("gib", 1024 * 1024 * 1024),
                                              ("kb", 1000), ("mb", 1_000_000), ("gb", 1_000_000_000),
                                              ("k", 1000), ("m", 1_000_000), ("g", 1_000_000_000)]
        if let multiplier = multipliers.first(where: { $0.0 == suffix }) { value = value &* multiplier.1 }
        return negative ? 0 &- value : value
    }
}
