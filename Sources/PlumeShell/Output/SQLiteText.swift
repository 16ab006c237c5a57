import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text helpers that reproduce SQLite's own formatting and quoting.
enum SQLiteText {
    /// Formats with SQLite's `printf` (`sqlite3_vsnprintf`), which has the
    /// `!` flag the shell uses for reals (`%!.20g` keeps a `.0`).
    static func format(_ format: StaticString, _ arguments: CVarArg...) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 100) { buffer in
            withVaList(arguments) { list in
                // A StaticString's `utf8Start` is NUL-terminated.
                let formatChars = UnsafeRawPointer(format.utf8Start).assumingMemoryBound(to: CChar.self)
                _ = sqlite3_vsnprintf(Int32(buffer.count), buffer.baseAddress, formatChars, list)
            }
            let length = strlen(buffer.baseAddress!)
            return Array(UnsafeRawBufferPointer(start: buffer.baseAddress, count: length))
        }
    }

    /// A real as the shell's `quote`, `json` and `insert` modes print it.
    static func precise(_ value: Double, integralAsInteger: Bool = false) -> [UInt8] {
        var result: [UInt8] = []
        appendPrecise(value, integralAsInteger: integralAsInteger, to: &result)
        return result
    }

    /// Appends a real as the shell's `quote`, `json` and `insert` modes
    /// print it.
    static func appendPrecise(_ value: Double, integralAsInteger: Bool = false, to sink: inout some ByteSink) {
        let bits = value.bitPattern
        if bits == 0x7ff0_0000_0000_0000 { return sink.append("1e999") }
        if bits == 0xfff0_0000_0000_0000 { return sink.append("-1e999") }
        // sqlite3 writes `(sqlite3_int64)r` with `%lld.0` when that cast
        // gives r back: every integral real in [-2^63, 2^63), whose cast is
        // exact (outside it, x86's cast gives INT64_MIN, which is r only
        // for -2^63 itself). -2^63 is "-9223372036854775808.0", not the
        // `%!.20g` "-9223372036854775807.8".
        if integralAsInteger, value >= -0x1p63, value < 0x1p63, value.rounded(.towardZero) == value {
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 100) { buffer in
                let length = plume_format_int64(buffer.baseAddress, Int32(buffer.count), "%lld.0", Int64(value))
                sink.append(bytes: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(length)).assumingMemoryBound(to: UInt8.self))
            }
            return
        }
        appendReal(value, format: "%!.20g", to: &sink)
    }

    /// Appends a real formatted with SQLite's `printf` (`%!.20g`), without
    /// the variadic call's boxing of arguments.
    static func appendReal(_ value: Double, format: StaticString, to sink: inout some ByteSink) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 100) { buffer in
            let formatChars = UnsafeRawPointer(format.utf8Start).assumingMemoryBound(to: CChar.self)
            let length = plume_format_double(buffer.baseAddress, Int32(buffer.count), formatChars, value)
            sink.append(bytes: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(length)).assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The quote character an identifier needs (`"`), or nil when it can be
    /// written bare: the shell's `quoteChar`.
    static func quoteCharacter(for name: [UInt8]) -> UInt8? {
        guard let first = name.first, isAlpha(first) || first == UInt8(ascii: "_") else { return UInt8(ascii: "\"") }
        for byte in name where !(isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "_")) { return UInt8(ascii: "\"") }
        let isKeyword = name.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                sqlite3_keyword_check($0, Int32(buffer.count)) != 0
            }
        }
        return isKeyword ? UInt8(ascii: "\"") : nil
    }

    /// `name` wrapped in `quote` with inner quotes doubled (the shell's
    /// `appendText` with a quote); unchanged when `quote` is nil.
    static func quoted(_ name: [UInt8], with quote: UInt8?) -> [UInt8] {
        guard let quote else { return name }
        var result: [UInt8] = []
        name.withUnsafeBufferPointer { appendQuoted($0, with: quote, to: &result) }
        return result
    }

    /// Appends `text` wrapped in `quote` with inner quotes doubled.
    static func appendQuoted(_ text: UnsafeBufferPointer<UInt8>, with quote: UInt8, to sink: inout some ByteSink) {
        sink.append(byte: quote)
        var runStart = 0
        for (index, byte) in text.enumerated() where byte == quote {
            // The quote ends a run and starts the next: it is written twice.
            sink.append(bytes: UnsafeBufferPointer(rebasing: text[runStart...index]))
            runStart = index
        }
        sink.append(bytes: UnsafeBufferPointer(rebasing: text[runStart...]))
        sink.append(byte: quote)
    }

    /// An identifier quoted only when needed.
    static func identifier(_ name: [UInt8]) -> [UInt8] {
        quoted(name, with: quoteCharacter(for: name))
    }

    /// A SQL string literal (`'it''s'`): SQLite's `%Q` for a non-NULL value.
    static func literal(_ text: [UInt8]) -> [UInt8] {
        quoted(text, with: UInt8(ascii: "'"))
    }

    static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    /// An ASCII letter in lower case (with its case bit, 0x20, set); any
    /// other byte as it is.
    static func lowercased(_ byte: UInt8) -> UInt8 { isAlpha(byte) ? byte | 0x20 : byte }

    /// Whether `text` (all of it) starts `word`, as `sqlite3` compares
    /// with `strncmp(text, word, strlen(text)) == 0`, or with
    /// `sqlite3_strnicmp` (ASCII letters in either case) when
    /// `ignoringCase`.
    static func isPrefix(_ text: [UInt8], of word: String, ignoringCase: Bool = false) -> Bool {
        guard text.count <= word.utf8.count else { return false }
        return ignoringCase
            ? word.utf8.prefix(text.count).map(lowercased).elementsEqual(text.map(lowercased))
            : word.utf8.prefix(text.count).elementsEqual(text)
    }

    /// C `isspace` in the C locale.
    static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || (byte >= UInt8(ascii: "\t") && byte <= UInt8(ascii: "\r")) }

    /// `X'0aff'`.
    static func hexBlob(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count * 2 + 3)
        bytes.withUnsafeBufferPointer { appendHexBlob($0, to: &result) }
        return result
    }

    /// Appends `X'0aff'`.
    static func appendHexBlob(_ bytes: UnsafeBufferPointer<UInt8>, to sink: inout some ByteSink) {
        let digits: StaticString = "0123456789abcdef"
        sink.append("X'")
        for byte in bytes {
            sink.append(byte: digits.utf8Start[Int(byte >> 4)])
            sink.append(byte: digits.utf8Start[Int(byte & 0x0F)])
        }
        sink.append(byte: UInt8(ascii: "'"))
    }

    /// Whether bytes contain `needle`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
