import CSQLite

/// The `uint` collation of `sqlite3`'s uint extension: text in byte
/// order, except that runs of digits compare as unsigned integers.
enum UIntCollation {
    static func install(on connection: OpaquePointer) {
        SQLFunctionRegistry.collation(connection, "uint") { _, count1, key1, count2, key2 in
            Int32(clamping: UIntCollation.compare(DecimalFunctions.bytes(key1, count1), DecimalFunctions.bytes(key2, count2)))
        }
    }

    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var i = 0, j = 0
        while i < a.count && j < b.count {
            let difference = Int(a[i]) - Int(b[j])
            if isDigit(a[i]) {
                if !isDigit(b[j]) { return difference }
                while i < a.count && a[i] == UInt8(ascii: "0") { i += 1 }
                while j < b.count && b[j] == UInt8(ascii: "0") { j += 1 }
                var k = 0
                while i + k < a.count && isDigit(a[i + k]) && j + k < b.count && isDigit(b[j + k]) { k += 1 }
                if i + k < a.count && isDigit(a[i + k]) { return 1 }
                if j + k < b.count && isDigit(b[j + k]) { return -1 }
                for offset in 0..<k where a[i + offset] != b[j + offset] {
                    return Int(a[i + offset]) - Int(b[j + offset])
                }
                i += k
                j += k
            } else if difference != 0 {
                return difference
            } else {
                i += 1
                j += 1
            }
        }
        return (a.count - i) - (b.count - j)
    }
}
