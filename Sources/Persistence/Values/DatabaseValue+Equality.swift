import Foundation

extension DatabaseValue {
    /// Whether SQLite's `=` with the `BINARY` collation holds: texts and
    /// blobs byte for byte, integers and reals by value (a NaN, which SQLite
    /// never stores, equals itself so that values stay usable as keys).
    public static func == (lhs: DatabaseValue, rhs: DatabaseValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.integer(let a), .integer(let b)): a == b
        case (.real(let a), .real(let b)): a == b || (a.isNaN && b.isNaN)
        case (.integer(let a), .real(let b)), (.real(let b), .integer(let a)): BuiltInCollation.compare(integer: a, real: b) == 0
        case (.text(let a), .text(let b)): a.utf8.elementsEqual(b.utf8)
        case (.blob(let a), .blob(let b)): a == b
        default: false
        }
    }

    /// Hashes what `==` compares: the UTF-8 bytes of a text, and a real
    /// with an integral value as that integer.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .integer(let integer):
            hasher.combine(1 as UInt8)
            hasher.combine(integer)
        case .real(let real):
            if let integer = Int64(exactly: real) {
                hasher.combine(1 as UInt8)
                hasher.combine(integer)
            } else {
                hasher.combine(2 as UInt8)
                hasher.combine(real.isNaN ? .nan : real)
            }
        case .text(var text):
            hasher.combine(3 as UInt8)
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(text.utf8.count)
        case .blob(let data):
            hasher.combine(4 as UInt8)
            hasher.combine(data)
        }
    }
}
