import CSQLite
import Foundation
import PlumeTerminal

extension Shell {
    /// `.testctrl`.
    static let testControlDotCommands: [DotCommand] = [
        DotCommand(name: "testctrl", minimumLength: 8, usage: ".testctrl CMD ...",
                   summary: "Run various sqlite3_test_control() operations", details: Shell.testControlHelp) {
            $0.testControl($1)
        },
    ]

    /// `.help testctrl`.
    static let testControlHelp = """
                               Run ".testctrl" with no arguments for details

    """

    private static let testControls: [NamedControl] = [
        .init(name: "always", code: SQLITE_TESTCTRL_ALWAYS, usage: "BOOLEAN", unsafe: true),
        .init(name: "assert", code: SQLITE_TESTCTRL_ASSERT, usage: "BOOLEAN", unsafe: true),
        .init(name: "byteorder", code: SQLITE_TESTCTRL_BYTEORDER, usage: "", unsafe: false),
        .init(name: "extra_schema_checks", code: SQLITE_TESTCTRL_EXTRA_SCHEMA_CHECKS, usage: "BOOLEAN", unsafe: false),
        .init(name: "imposter", code: SQLITE_TESTCTRL_IMPOSTER, usage: "SCHEMA ON/OFF ROOTPAGE", unsafe: true),
        .init(name: "internal_functions", code: SQLITE_TESTCTRL_INTERNAL_FUNCTIONS, usage: "", unsafe: false),
        .init(name: "localtime_fault", code: SQLITE_TESTCTRL_LOCALTIME_FAULT, usage: "BOOLEAN", unsafe: false),
        .init(name: "never_corrupt", code: SQLITE_TESTCTRL_NEVER_CORRUPT, usage: "BOOLEAN", unsafe: true),
        .init(name: "optimizations", code: SQLITE_TESTCTRL_OPTIMIZATIONS, usage: "DISABLE-MASK", unsafe: false),
        .init(name: "pending_byte", code: SQLITE_TESTCTRL_PENDING_BYTE, usage: "OFFSET  ", unsafe: false),
        .init(name: "prng_restore", code: SQLITE_TESTCTRL_PRNG_RESTORE, usage: "", unsafe: false),
        .init(name: "prng_save", code: SQLITE_TESTCTRL_PRNG_SAVE, usage: "", unsafe: false),
        .init(name: "prng_seed", code: SQLITE_TESTCTRL_PRNG_SEED, usage: "SEED ?db?", unsafe: false),
        .init(name: "seek_count", code: SQLITE_TESTCTRL_SEEK_COUNT, usage: "", unsafe: false),
        .init(name: "sorter_mmap", code: SQLITE_TESTCTRL_SORTER_MMAP, usage: "NMAX", unsafe: false),
        .init(name: "tune", code: SQLITE_TESTCTRL_TUNE, usage: "ID VALUE", unsafe: true),
    ]

    /// What a test-control printed: its usage, a number, or nothing.
    private enum TestControlOutcome {
        case usage
        case number(Int32)
        case done
    }

    /// `.testctrl CMD ...`: one `sqlite3_test_control`, named by any
    /// unambiguous prefix, as `sqlite3` 3.40.1 (a release build) runs it.
    private func testControl(_ command: DotCommandLine) -> DotCommandResult {
        let connection = self.connection
        var name = command.arguments.count >= 2 ? command.bytes(1) : Array("help".utf8)
        let control: NamedControl
        switch lookUpControl(&name, in: Shell.testControls, kind: "test-control", command: "testctrl") {
        case .success(let found): control = found
        case .failure(let end): return end.result
        }
        if control.unsafe && safeMode {
            output.flush()
            StandardStreams.writeError("line \(lineNumber): \".testctrl \(control.name)\" may not be used in safe mode\n")
            exit(1)
        }
        let arguments = (0..<command.arguments.count).map(command.bytes)
        switch runTestControl(control.code, arguments, connection) {
        case .usage:
            output.write(Array("Usage: .testctrl ".utf8) + name + Array(" \(control.usage)\n".utf8))
            return .failed
        case .number(let value):
            output.write("\(value)\n")
        case .done:
            break
        }
        return .succeeded
    }

    private func runTestControl(_ code: Int32, _ arguments: [[UInt8]], _ connection: OpaquePointer) -> TestControlOutcome {
        let count = arguments.count
        func integer(_ index: Int) -> Int32 { Int32(truncatingIfNeeded: DotCommandLine.integer(arguments[index])) }
        switch code {
        case SQLITE_TESTCTRL_OPTIMIZATIONS where count == 3:
            let mask = arguments[2].withCString { strtol($0, nil, 0) }
            _ = plume_test_control_db_int(code, connection, Int32(truncatingIfNeeded: mask))
        case SQLITE_TESTCTRL_PRNG_SAVE where count == 2, SQLITE_TESTCTRL_PRNG_RESTORE where count == 2:
            _ = plume_test_control(code)
        case SQLITE_TESTCTRL_BYTEORDER where count == 2:
            return .number(plume_test_control(code))
        case SQLITE_TESTCTRL_PENDING_BYTE where count == 3:
            _ = plume_test_control_int(code, integer(2))
        case SQLITE_TESTCTRL_PRNG_SEED where count == 3 || count == 4:
            var seed = integer(2)
            if seed == 0 && arguments[2] == Array("random".utf8) {
                sqlite3_randomness(Int32(MemoryLayout<Int32>.size), &seed)
                output.write("-- random seed: \(seed)\n")
            }
            var database: OpaquePointer?
            if count == 4 {
                database = connection
                sqlite3_table_column_metadata(connection, nil, "x", nil, nil, nil, nil, nil, nil) // loads the schema
            }
            _ = plume_test_control_int_db(code, seed, database)
        case SQLITE_TESTCTRL_ASSERT where count == 3, SQLITE_TESTCTRL_ALWAYS where count == 3:
            return .number(plume_test_control_int(code, DotCommandLine.booleanNumber(arguments[2])))
        case SQLITE_TESTCTRL_LOCALTIME_FAULT where count == 3, SQLITE_TESTCTRL_NEVER_CORRUPT where count == 3:
            _ = plume_test_control_int(code, DotCommandLine.booleanNumber(arguments[2]))
        case SQLITE_TESTCTRL_INTERNAL_FUNCTIONS:
            _ = plume_test_control_db(code, connection)
        case SQLITE_TESTCTRL_IMPOSTER where count == 5:
            _ = arguments[2].withCString { plume_test_control_imposter(connection, $0, integer(3), integer(4)) }
        case SQLITE_TESTCTRL_SEEK_COUNT:
            var seeks: UInt64 = 0
            _ = plume_test_control_db_pointer(code, connection, &seeks)
            output.write("\(seeks)\n")
        case SQLITE_TESTCTRL_SORTER_MMAP where count == 3:
            _ = plume_test_control_db_int(code, connection, integer(2))
        default:
            // Wrong arguments; and in a release build, `tune` and
            // `extra_schema_checks` only print their usage.
            return .usage
        }
        return .done
    }
}
