/// A fuzzer's bytes, whole or read as choices (for structure-aware
/// targets): every read succeeds, giving zeros once the bytes run out, so
/// that any input decodes to some case.
struct FuzzInput {
    /// All the bytes.
    let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte was read.
    var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, or 0 at the end.
    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number in `0..<bound` (bound ≥ 1).
    mutating func int(below bound: Int) -> Int {
        precondition(bound >= 1)
        return bound <= 256 ? Int(byte()) % bound : Int(UInt16(byte()) << 8 | UInt16(byte())) % bound
    }

    /// The bytes not read yet, all of them.
    mutating func rest() -> [UInt8] {
        defer { offset = bytes.count }
        return offset < bytes.count ? Array(bytes[offset...]) : []
    }

    /// The bytes as text, invalid UTF-8 repaired.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
