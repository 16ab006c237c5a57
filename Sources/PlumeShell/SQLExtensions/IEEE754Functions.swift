import CSQLite

/// `ieee754(X)`, `ieee754(M, E)`, `ieee754_mantissa`, `ieee754_exponent`,
/// `ieee754_from_blob` and `ieee754_to_blob`, as `sqlite3`'s ieee754
/// extension defines them.
enum IEEE754Functions {
    private enum Part { case text, mantissa, exponent }

    static func install(on connection: OpaquePointer) {
        let flags = SQLITE_INNOCUOUS
        SQLFunctionRegistry.scalar(connection, "ieee754", 1, flags: flags) { decompose($0, $1, .text) }
        SQLFunctionRegistry.scalar(connection, "ieee754", 2, flags: flags, compose)
        SQLFunctionRegistry.scalar(connection, "ieee754_mantissa", 1, flags: flags) { decompose($0, $1, .mantissa) }
        SQLFunctionRegistry.scalar(connection, "ieee754_exponent", 1, flags: flags) { decompose($0, $1, .exponent) }
        SQLFunctionRegistry.scalar(connection, "ieee754_to_blob", 1, flags: flags, toBlob)
        SQLFunctionRegistry.scalar(connection, "ieee754_from_blob", 1, flags: flags, fromBlob)
    }

    /// The double in an 8-byte big-endian blob, nil for any other value.
    private static func blobDouble(_ value: OpaquePointer?) -> Double? {
        guard sqlite3_value_type(value) == SQLITE_BLOB, sqlite3_value_bytes(value) == 8,
              let bytes = SQLValue.blob(value) else { return nil }
        return Double(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// The smallest odd mantissa M and exponent E with X = M * 2^E.
    private static func decompose(_ context: OpaquePointer, _ arguments: [OpaquePointer?], _ part: Part) {
        var value = blobDouble(arguments[0]) ?? sqlite3_value_double(arguments[0])
        let isNegative = value < 0
        if isNegative { value = -value }
        let bits = Int64(bitPattern: value.bitPattern)
        var exponent: Int64 = 0
        var mantissa: Int64 = 0
        if bits != 0 {
            exponent = bits >> 52
            mantissa = bits & ((1 << 52) - 1)
            if exponent == 0 { mantissa <<= 1 } else { mantissa |= 1 << 52 }
            while exponent < 1075 && mantissa > 0 && mantissa & 1 == 0 {
                mantissa >>= 1
                exponent += 1
            }
            if isNegative { mantissa = 0 &- mantissa }
        }
        let power = Int32(truncatingIfNeeded: exponent &- 1075)
        switch part {
        case .text: SQLValue.setText(context, Array("ieee754(\(mantissa),\(power))".utf8))
        case .mantissa: sqlite3_result_int64(context, mantissa)
        case .exponent: sqlite3_result_int(context, power)
        }
    }

    /// `ieee754(M, E)`: the double M * 2^E, rounded down to what a double
    /// holds.
    private static func compose(_ context: OpaquePointer, _ arguments: [OpaquePointer?]) {
        var mantissa = sqlite3_value_int64(arguments[0])
        var exponent = min(max(sqlite3_value_int64(arguments[1]), -10000), 10000)
        var isNegative = false
        if mantissa < 0 {
            isNegative = true
            mantissa = 0 &- mantissa
            if mantissa < 0 { return }
        } else if mantissa == 0 && exponent > -1000 && exponent < 1000 {
            sqlite3_result_double(context, 0)
            return
        }
        while (mantissa >> 32) & 0xFFE0_0000 != 0 {
            mantissa >>= 1
            exponent += 1
        }
        while mantissa != 0 && (mantissa >> 32) & 0xFFF0_0000 == 0 {
            mantissa <<= 1
            exponent -= 1
        }
        exponent += 1075
        if exponent <= 0 {
            mantissa = 1 - exponent >= 64 ? 0 : mantissa >> (1 - exponent)
            exponent = 0
        } else if exponent > 0x7FF {
            exponent = 0x7FF
        }
        var bits = UInt64(bitPattern: (mantissa & ((1 << 52) - 1)) | (exponent << 52))
        if isNegative { bits |= 1 << 63 }
        sqlite3_result_double(context, Double(bitPattern: bits))
    }

    private static func fromBlob(_ context: OpaquePointer, _ arguments: [OpaquePointer?]) {
        if let value = blobDouble(arguments[0]) { sqlite3_result_double(context, value) }
    }

    private static func toBlob(_ context: OpaquePointer, _ arguments: [OpaquePointer?]) {
        let type = sqlite3_value_type(arguments[0])
        guard type == SQLITE_FLOAT || type == SQLITE_INTEGER else { return }
        let bits = sqlite3_value_double(arguments[0]).bitPattern
        SQLValue.setBlob(context, (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) })
    }
}
