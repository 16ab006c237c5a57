import CSQLite

extension Shell {
    /// `.filectrl`.
    static let fileControlDotCommands: [DotCommand] = [
        DotCommand(name: "filectrl", minimumLength: 1, usage: ".filectrl CMD ...",
                   summary: "Run various sqlite3_file_control() operations", details: Shell.fileControlHelp) {
            $0.fileControl($1)
        },
    ]

    /// `.help filectrl`.
    static let fileControlHelp = """
       --schema SCHEMA         Use SCHEMA instead of "main"
       --help                  Show CMD details

    """

    private static let fileControls: [NamedControl] = [
        .init(name: "chunk_size", code: SQLITE_FCNTL_CHUNK_SIZE, usage: "SIZE"),
        .init(name: "data_version", code: SQLITE_FCNTL_DATA_VERSION, usage: ""),
        .init(name: "has_moved", code: SQLITE_FCNTL_HAS_MOVED, usage: ""),
        .init(name: "lock_timeout", code: SQLITE_FCNTL_LOCK_TIMEOUT, usage: "MILLISEC"),
        .init(name: "persist_wal", code: SQLITE_FCNTL_PERSIST_WAL, usage: "[BOOLEAN]"),
        .init(name: "psow", code: SQLITE_FCNTL_POWERSAFE_OVERWRITE, usage: "[BOOLEAN]"),
        .init(name: "reserve_bytes", code: SQLITE_FCNTL_RESERVE_BYTES, usage: "[N]"),
        .init(name: "size_limit", code: SQLITE_FCNTL_SIZE_LIMIT, usage: "[LIMIT]"),
        .init(name: "tempfilename", code: SQLITE_FCNTL_TEMPFILENAME, usage: ""),
    ]

    /// `.filectrl ?--schema SCHEMA? CMD ...`: one `sqlite3_file_control`,
    /// named by any unambiguous prefix (with or without dashes).
    private func fileControl(_ command: DotCommandLine) -> DotCommandResult {
        let connection = self.connection
        var arguments = (0..<command.arguments.count).map(command.bytes)
        var schema: [UInt8]?
        var name = arguments.count >= 2 ? arguments[1] : Array("help".utf8)
        if (name == Array("--schema".utf8) || name == Array("-schema".utf8)) && arguments.count >= 4 {
            schema = arguments[2]
            arguments.removeSubrange(1...2)
            name = arguments[1]
        }
        let control: NamedControl
        switch lookUpControl(&name, in: Shell.fileControls, kind: "file-control", command: "filectrl") {
        case .success(let found): control = found
        case .failure(let end): return end.result
        }
        let outcome = schema.map { $0.withCString { runFileControl(control.code, schema: $0, arguments, connection) } }
            ?? runFileControl(control.code, schema: nil, arguments, connection)
        switch outcome {
        case .usage:
            output.write(Array("Usage: .filectrl ".utf8) + name + Array(" \(control.usage)\n".utf8))
            return .failed
        case .value(let value):
            output.write("\(value)\n")
        case .done:
            break
        }
        return .succeeded
    }

    private enum FileControlOutcome {
        case usage
        case value(Int64)
        case done
    }

    private func runFileControl(_ code: Int32, schema: UnsafePointer<CChar>?, _ arguments: [[UInt8]],
                                _ connection: OpaquePointer) -> FileControlOutcome {
        let count = arguments.count
        switch code {
        case SQLITE_FCNTL_SIZE_LIMIT:
            guard count == 2 || count == 3 else { return .usage }
            var value: Int64 = count == 3 ? DotCommandLine.integer(arguments[2]) : -1
            sqlite3_file_control(connection, schema, code, &value)
            return .value(value)
        case SQLITE_FCNTL_LOCK_TIMEOUT, SQLITE_FCNTL_CHUNK_SIZE:
            guard count == 3 else { return .usage }
            var value = Int32(truncatingIfNeeded: DotCommandLine.integer(arguments[2]))
            sqlite3_file_control(connection, schema, code, &value)
            return .done
        case SQLITE_FCNTL_PERSIST_WAL, SQLITE_FCNTL_POWERSAFE_OVERWRITE:
            guard count == 2 || count == 3 else { return .usage }
            var value: Int32 = count == 3 ? DotCommandLine.booleanNumber(arguments[2]) : -1
            sqlite3_file_control(connection, schema, code, &value)
            return .value(Int64(value))
        case SQLITE_FCNTL_DATA_VERSION, SQLITE_FCNTL_HAS_MOVED:
            guard count == 2 else { return .usage }
            var value: Int32 = 0
            sqlite3_file_control(connection, schema, code, &value)
            return .value(Int64(value))
        case SQLITE_FCNTL_TEMPFILENAME:
            guard count == 2 else { return .usage }
            var name: UnsafeMutablePointer<CChar>?
            sqlite3_file_control(connection, schema, code, &name)
            if let name {
                output.write([UInt8](cString: name) + [UInt8(ascii: "\n")])
                sqlite3_free(name)
            }
            return .done
        default: // SQLITE_FCNTL_RESERVE_BYTES
            var value: Int32
            if count >= 3 {
                value = Shell.atoi(arguments[2])
                sqlite3_file_control(connection, schema, code, &value)
            }
            value = -1
            sqlite3_file_control(connection, schema, code, &value)
            output.write("\(value)\n")
            return .done
        }
    }

    /// The C library's `atoi`: leading spaces, a sign, decimal digits.
    static func atoi(_ text: [UInt8]) -> Int32 {
        var digits = text.drop(while: SQLiteText.isSpace)
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        var value: Int64 = 0
        for byte in digits.prefix(while: SQLiteText.isDigit) { value = value &* 10 &+ Int64(byte - UInt8(ascii: "0")) }
        return Int32(truncatingIfNeeded: negative ? -value : value)
    }
}
