import CSQLite

/// `decimal`, `decimal_cmp`, `decimal_add`, `decimal_sub`, `decimal_mul`,
/// the `decimal_sum` window aggregate and the `decimal` collation, as
/// `sqlite3`'s decimal extension defines them.
enum DecimalFunctions {
    static func install(on connection: OpaquePointer) {
        let flags = SQLITE_INNOCUOUS | SQLITE_DETERMINISTIC
        SQLFunctionRegistry.scalar(connection, "decimal", 1, flags: flags) { context, arguments in
            setResult(context, decimal(arguments[0]))
        }
        SQLFunctionRegistry.scalar(connection, "decimal_cmp", 2, flags: flags) { context, arguments in
            let a = decimal(arguments[0]), b = decimal(arguments[1])
            guard !a.isNull, !b.isNull else { return }
            sqlite3_result_int(context, Int32(a.compare(to: b).signum()))
        }
        SQLFunctionRegistry.scalar(connection, "decimal_add", 2, flags: flags) { context, arguments in
            var sum = decimal(arguments[0])
            sum.add(decimal(arguments[1]))
            setResult(context, sum)
        }
        SQLFunctionRegistry.scalar(connection, "decimal_sub", 2, flags: flags) { context, arguments in
            var difference = decimal(arguments[0])
            var subtrahend = decimal(arguments[1])
            subtrahend.isNegative.toggle()
            difference.add(subtrahend)
            setResult(context, difference)
        }
        SQLFunctionRegistry.scalar(connection, "decimal_mul", 2, flags: flags) { context, arguments in
            let a = decimal(arguments[0]), b = decimal(arguments[1])
            guard !a.isNull, !b.isNull else { return }
            setResult(context, a.multiplied(by: b))
        }
        DecimalSum.install(on: connection, flags: flags)
        SQLFunctionRegistry.collation(connection, "decimal") { _, count1, key1, count2, key2 in
            let a = ShellDecimal(text: DecimalFunctions.bytes(key1, count1))
            let b = ShellDecimal(text: DecimalFunctions.bytes(key2, count2))
            return Int32(clamping: a.compare(to: b))
        }
    }

    /// The argument as a decimal: NULL stays NULL, anything else is read
    /// from its text.
    static func decimal(_ value: OpaquePointer?) -> ShellDecimal {
        guard !SQLValue.isNull(value) else { return .null }
        return ShellDecimal(text: SQLValue.text(value) ?? [])
    }

    static func setResult(_ context: OpaquePointer, _ value: ShellDecimal) {
        if value.isNull {
            sqlite3_result_null(context)
        } else {
            SQLValue.setText(context, value.text)
        }
    }

    static func bytes(_ pointer: UnsafeRawPointer?, _ count: Int32) -> [UInt8] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: Int(count)))
    }
}

/// `decimal_sum(X)`: `sum()` in decimal arithmetic, usable as a window
/// function. The running total lives in a box whose pointer is the
/// aggregate context.
enum DecimalSum {
    final class Total { var value = ShellDecimal.zero }

    static func install(on connection: OpaquePointer, flags: Int32) {
        sqlite3_create_window_function(connection, "decimal_sum", 1, SQLITE_UTF8 | flags, nil, { context, _, values in
            guard let context, let values, let total = DecimalSum.total(context, create: true) else { return }
            guard !SQLValue.isNull(values[0]) else { return }
            total.value.add(DecimalFunctions.decimal(values[0]))
        }, { context in
            guard let context else { return }
            DecimalSum.finish(context)
        }, { context in
            guard let context, let total = DecimalSum.total(context, create: false) else { return }
            DecimalFunctions.setResult(context, total.value)
        }, { context, _, values in
            guard let context, let values, let total = DecimalSum.total(context, create: true) else { return }
            guard !SQLValue.isNull(values[0]) else { return }
            var argument = DecimalFunctions.decimal(values[0])
            argument.isNegative.toggle()
            total.value.add(argument)
        }, nil)
    }

    /// The running total; nil when no row was added and `create` is false.
    private static func total(_ context: OpaquePointer, create: Bool) -> Total? {
        let size = create ? Int32(MemoryLayout<UnsafeRawPointer>.size) : 0
        guard let slot = sqlite3_aggregate_context(context, size)?.assumingMemoryBound(to: UnsafeRawPointer?.self) else {
            return nil
        }
        if let existing = slot.pointee { return Unmanaged<Total>.fromOpaque(existing).takeUnretainedValue() }
        let total = Total()
        slot.pointee = UnsafeRawPointer(Unmanaged.passRetained(total).toOpaque())
        return total
    }

    private static func finish(_ context: OpaquePointer) {
        guard let slot = sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: UnsafeRawPointer?.self),
              let pointer = slot.pointee else { return }
        let total = Unmanaged<Total>.fromOpaque(pointer)
        DecimalFunctions.setResult(context, total.takeUnretainedValue().value)
        total.release()
        slot.pointee = nil
    }
}
