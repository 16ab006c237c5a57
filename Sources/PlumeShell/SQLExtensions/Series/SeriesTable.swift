import CSQLite

/// The `generate_series(START, STOP?, STEP?)` table-valued function of
/// `sqlite3`'s series extension: an eponymous virtual table with the
/// column `value` and the hidden columns `start`, `stop` and `step`.
enum SeriesTable {
    static func install(on connection: OpaquePointer) {
        ShellVirtualTable(schema: "CREATE TABLE x(value,start hidden,stop hidden,step hidden)",
                          configuration: SQLITE_VTAB_INNOCUOUS, bestIndex: bestIndex) { _ in Cursor() }
            .register(on: connection, name: "generate_series")
    }

    // The plan's bits: 1, 2, 4 for start=, stop= and step= constraints;
    // 8 to count down, 16 to count up (an ORDER BY the scan satisfies).
    private static let descending: Int32 = 8
    private static let ascending: Int32 = 16

    /// Takes equality constraints on start, stop and step as arguments, in
    /// that order; refuses plans without a start.
    private static func bestIndex(_ info: UnsafeMutablePointer<sqlite3_index_info>) throws(VirtualTableFailure) {
        var plan: Int32 = 0
        var startSeen = false
        var unusable: Int32 = 0
        var constraintIndices = [-1, -1, -1]
        for index in 0..<Int(info.pointee.nConstraint) {
            let constraint = info.pointee.aConstraint[index]
            guard constraint.iColumn >= 1 else { continue }
            let column = Int(constraint.iColumn - 1)
            let mask = Int32(1) << column
            if column == 0 { startSeen = true }
            if constraint.usable == 0 {
                unusable |= mask
            } else if constraint.op == SQLITE_INDEX_CONSTRAINT_EQ {
                plan |= mask
                constraintIndices[column] = index
            }
        }
        var argumentCount: Int32 = 0
        for index in constraintIndices where index >= 0 {
            argumentCount += 1
            info.pointee.aConstraintUsage[index].argvIndex = argumentCount
            info.pointee.aConstraintUsage[index].omit = 1
        }
        guard startSeen else { throw VirtualTableFailure("first argument to \"generate_series()\" missing or unusable") }
        if unusable & ~plan != 0 { throw VirtualTableFailure(code: SQLITE_CONSTRAINT) }
        if plan & 3 == 3 {
            info.pointee.estimatedCost = plan & 4 != 0 ? 1 : 2
            info.pointee.estimatedRows = 1000
            if info.pointee.nOrderBy >= 1 && info.pointee.aOrderBy[0].iColumn == 0 {
                plan |= info.pointee.aOrderBy[0].desc != 0 ? descending : ascending
                info.pointee.orderByConsumed = 1
            }
        } else {
            info.pointee.estimatedRows = 2_147_483_647
        }
        info.pointee.idxNum = plan
    }

    /// Counts from start to stop (or down from the last value on the
    /// step's grid), wrapping around on overflow as the C code does.
    final class Cursor: VirtualTableCursor {
        var isDescending = false
        private(set) var rowid: Int64 = 0
        var value: Int64 = 0
        var minimum: Int64 = 0
        var maximum: Int64 = 0
        var step: Int64 = 0

        func filter(plan: Int32, arguments: [OpaquePointer?]) {
            var plan = plan
            var index = 0
            func nextArgument() -> Int64 {
                defer { index += 1 }
                return sqlite3_value_int64(arguments[index])
            }
            minimum = plan & 1 != 0 ? nextArgument() : 0
            maximum = plan & 2 != 0 ? nextArgument() : 0xFFFF_FFFF
            step = 1
            if plan & 4 != 0 {
                step = nextArgument()
                if step == 0 {
                    step = 1
                } else if step < 0 {
                    step = 0 &- step
                    if plan & SeriesTable.ascending == 0 { plan |= SeriesTable.descending }
                }
            }
            if arguments.contains(where: SQLValue.isNull) {
                minimum = 1
                maximum = 0
            }
            isDescending = plan & SeriesTable.descending != 0
            if isDescending {
                value = maximum
                if step > 0 { value = value &- (maximum &- minimum) % step }
            } else {
                value = minimum
            }
            rowid = 1
        }

        func next() {
            value = isDescending ? value &- step : value &+ step
            rowid += 1
        }

        var isAtEnd: Bool { isDescending ? value < minimum : value > maximum }

        func column(_ context: OpaquePointer, _ index: Int32) {
            let result: Int64
            switch index {
            case 1: result = minimum
            case 2: result = maximum
            case 3: result = step
            default: result = value
            }
            sqlite3_result_int64(context, result)
        }
    }
}
