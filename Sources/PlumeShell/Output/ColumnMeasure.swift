#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the aligned modes measure text. `sqlite3` 3.40 counts characters
/// (every byte that does not continue a UTF-8 sequence), which misaligns
/// wide characters and counts combining marks; Plume does the same on a
/// pipe or file, to print the same bytes, and measures by display width on
/// a terminal, where the columns must line up.
enum ColumnMeasure {
    case characters
    case displayWidth

    /// Display width on a terminal, characters elsewhere.
    static func forOutput(_ fileDescriptor: Int32) -> ColumnMeasure {
        isatty(fileDescriptor) == 1 ? .displayWidth : .characters
    }

    /// The width of the character starting at `index`, and the index after
    /// it (continuation bytes are consumed as the shell does).
    func character<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, at index: Int) -> (width: Int, next: Int)
        where Bytes.Index == Int {
        switch self {
        case .displayWidth:
            return DisplayWidth.character(in: bytes, at: index)
        case .characters:
            var next = index + 1
            while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
            return (1, next)
        }
    }

    /// The width of a UTF-8 string: the shell's `strlenChar`, or its
    /// display width.
    func of(_ bytes: [UInt8]) -> Int {
        switch self {
        case .displayWidth: DisplayWidth.of(bytes)
        case .characters: bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
        }
    }
}
