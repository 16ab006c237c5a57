import Foundation

/// SQLite's built-in collations, which Plume reproduces exactly: the one
/// way values are compared wherever Plume compares database values itself
/// (section grouping, order checks).
///
/// Values compare as SQLite's `ORDER BY` compares them: `NULL` first, then
/// numbers (integers and reals by value), then texts (by the collation),
/// then blobs (byte by byte). Any other collation (one an application
/// registers, ICU's) has no `BuiltInCollation`: Plume cannot reproduce
/// it, so code that needs its order asks SQLite instead.
///
/// ```swift
/// let nocase = BuiltInCollation(name: "nocase")!
/// nocase.compare(.text("Porto"), .text("porto")) // 0
/// BuiltInCollation.binary.compare(.text("é"), .text("e\u{301}")) // 1: bytes C3 A9 > 65 CC 81
/// ```
public enum BuiltInCollation: String, Sendable, CaseIterable {
    /// Bytes compared with `memcmp`, the shorter text first on a tie.
    case binary = "BINARY"
    /// `BINARY` with the 26 ASCII capital letters folded to lower case
    /// (and no other character).
    case nocase = "NOCASE"
    /// `BINARY` ignoring trailing spaces (U+0020 only).
    case rtrim = "RTRIM"

    /// The built-in collation with this name (ASCII letters in any case,
    /// as SQLite compares collation names), or nil for a collation Plume
    /// cannot reproduce.
    public init?(name: String) {
        self.init(rawValue: String(decoding: name.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self))
    }

    /// How SQLite orders two values under this collation: negative when
    /// `a` sorts first, zero when they are equal, positive otherwise.
    ///
    /// - Complexity: O(n) in the length of a text or blob.
    public func compare(_ a: DatabaseValue, _ b: DatabaseValue) -> Int {
        let rankA = Self.rank(a), rankB = Self.rank(b)
        guard rankA == rankB else { return rankA < rankB ? -1 : 1 }
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x < y ? -1 : (x > y ? 1 : 0)
        case (.real(let x), .real(let y)): return x < y ? -1 : (x > y ? 1 : 0)
        case (.integer(let x), .real(let y)): return Self.compare(integer: x, real: y)
        case (.real(let x), .integer(let y)): return -Self.compare(integer: y, real: x)
        case (.text(var x), .text(var y)):
            return x.withUTF8 { x in y.withUTF8 { y in compareText(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) } }
        case (.blob(let x), .blob(let y)):
            return x.withUnsafeBytes { x in y.withUnsafeBytes { y in Self.compareBytes(x, y) } }
        default: return 0 // both NULL
        }
    }

    /// Whether two values are equal under this collation.
    public func areEqual(_ a: DatabaseValue, _ b: DatabaseValue) -> Bool {
        compare(a, b) == 0
    }

    /// A value that is `==` to another's key exactly when the two values are
    /// equal under this collation: what a dictionary or set keys by.
    public func key(_ value: DatabaseValue) -> DatabaseValue {
        guard case .text(let text) = value else { return value }
        switch self {
        case .binary:
            return value
        case .nocase:
            guard text.utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return value }
            return .text(String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self))
        case .rtrim:
            guard text.utf8.last == 0x20 else { return value }
            let bytes = Array(text.utf8)
            let end = bytes.lastIndex { $0 != 0x20 }.map { $0 + 1 } ?? 0
            return .text(String(decoding: bytes[..<end], as: UTF8.self))
        }
    }

    /// SQLite's order of storage classes: NULL, numbers, text, blob.
    private static func rank(_ value: DatabaseValue) -> Int {
        switch value {
        case .null: 0
        case .integer, .real: 1
        case .text: 2
        case .blob: 3
        }
    }

    private func compareText(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        switch self {
        case .binary:
            return Self.compareBytes(a, b)
        case .nocase:
            for index in 0..<min(a.count, b.count) {
                let x = Self.folded(a[index]), y = Self.folded(b[index])
                if x != y { return x < y ? -1 : 1 }
            }
            return a.count < b.count ? -1 : (a.count > b.count ? 1 : 0)
        case .rtrim:
            return Self.compareBytes(Self.trimmingSpaces(a), Self.trimmingSpaces(b))
        }
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    private static func trimmingSpaces(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[..<end])
    }

    /// `memcmp`, then the shorter first.
    static func compareBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let result = memcmp(a.baseAddress!, b.baseAddress!, common)
            if result != 0 { return result < 0 ? -1 : 1 }
        }
        return a.count < b.count ? -1 : (a.count > b.count ? 1 : 0)
    }

    /// An integer against a real, exactly, as SQLite's
    /// `sqlite3IntFloatCompare` does (no rounding of large integers).
    static func compare(integer: Int64, real: Double) -> Int {
        if real.isNaN { return 1 }
        if real < -9_223_372_036_854_775_808.0 { return 1 }
        if real >= 9_223_372_036_854_775_808.0 { return -1 }
        let truncated = Int64(real)
        if integer < truncated { return -1 }
        if integer > truncated { return 1 }
        let converted = Double(integer)
        if converted < real { return -1 }
        if converted > real { return 1 }
        return 0
    }
}
