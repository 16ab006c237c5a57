import CSQLite
import Foundation
import PlumeTerminal

/// Where `.trace` writes and how it shows statements (`sqlite3`'s
/// `traceOut` and `eTraceType`).
struct TraceSettings {
    enum Destination {
        case standardOutput
        case standardError
        case file(OutputBuffer, descriptor: Int32)
    }

    var destination: Destination?
    /// `--expanded`: parameters replaced by their values.
    var expandsParameters = false
    /// Set while the shell runs statements of its own that `sqlite3` does
    /// not run, which the trace must not show.
    var isSuspended = false
}

extension Shell {
    /// `.trace`.
    static let traceDotCommands: [DotCommand] = [
        DotCommand(name: "trace", minimumLength: 1, usage: ".trace ?OPTIONS?",
                   summary: "Output each SQL statement as it is run", details: """
                       FILE                    Send output to FILE
                       stdout                  Send output to stdout
                       stderr                  Send output to stderr
                       off                     Disable tracing
                       --expanded              Expand query parameters
                       --plain                 Show SQL as it is input
                       --stmt                  Trace statement execution (SQLITE_TRACE_STMT)
                       --profile               Profile statements (SQLITE_TRACE_PROFILE)
                       --row                   Trace each row (SQLITE_TRACE_ROW)
                       --close                 Trace connection close (SQLITE_TRACE_CLOSE)

                   """) {
            $0.setTrace($1)
        },
    ]

    /// `.trace ?OPTIONS? ?FILE|stdout|stderr|off?`. As in `sqlite3` 3.40.1,
    /// any argument that is not an option opens the *first* argument as
    /// the destination (so `.trace --row out.txt` writes to `--row`).
    private func setTrace(_ command: DotCommandLine) -> DotCommandResult {
        _ = connection // opens the database
        let arguments = command.arguments.map(\.cString)
        var mask: UInt32 = 0
        for argument in arguments.dropFirst() {
            guard argument.first == UInt8(ascii: "-") else {
                // Newer sqlite3 shells refuse a trace file in safe mode;
                // standard output and error and `off` write no file.
                let target = String(decoding: arguments[1], as: UTF8.self)
                if !["stdout", "stderr", "off"].contains(target) {
                    failIfSafeMode("cannot run .trace FILE in safe mode")
                }
                closeTraceFile()
                trace.destination = openTraceDestination(arguments[1])
                continue
            }
            let option = argument.starts(with: Array("--".utf8)) ? argument.dropFirst(2) : argument.dropFirst()
            switch String(decoding: option, as: UTF8.self) {
            case "expanded": trace.expandsParameters = true
            case "plain": trace.expandsParameters = false
            case "profile": mask |= UInt32(SQLITE_TRACE_PROFILE)
            case "row": mask |= UInt32(SQLITE_TRACE_ROW)
            case "stmt": mask |= UInt32(SQLITE_TRACE_STMT)
            case "close": mask |= UInt32(SQLITE_TRACE_CLOSE)
            default:
                printError(bytes: Array("Unknown option \"".utf8) + argument + Array("\" on \".trace\"".utf8))
                return .failed
            }
        }
        if trace.destination == nil {
            sqlite3_trace_v2(connection, 0, nil, nil)
        } else {
            sqlite3_trace_v2(connection, mask == 0 ? UInt32(SQLITE_TRACE_STMT) : mask, { type, context, statement, detail in
                Unmanaged<Shell>.fromOpaque(context!).takeUnretainedValue().traced(type, statement, detail)
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
        }
        return .succeeded
    }

    private func openTraceDestination(_ name: [UInt8]) -> TraceSettings.Destination? {
        switch openOutputFile(name) {
        case .standardOutput: .standardOutput
        case .standardError: .standardError
        case .file(let descriptor): .file(OutputBuffer(fileDescriptor: descriptor), descriptor: descriptor)
        case .pipe, nil: nil
        }
    }

    /// Flushes and closes a trace file (at exit, or when `.trace` names
    /// another destination).
    func closeTraceFile() {
        guard case .file(let buffer, let descriptor) = trace.destination else { return }
        buffer.flush()
        closeDescriptor(descriptor)
        trace.destination = nil
    }

    /// Runs `body` without tracing the statements it runs.
    @discardableResult
    func withoutTracing<T>(_ body: () -> T) -> T {
        let wasSuspended = trace.isSuspended
        trace.isSuspended = true
        defer { trace.isSuspended = wasSuspended }
        return body()
    }

    /// The trace callback: `sqlite3`'s `sql_trace_callback`.
    private func traced(_ type: UInt32, _ statement: UnsafeMutableRawPointer?, _ detail: UnsafeMutableRawPointer?) {
        guard let destination = trace.destination, !trace.isSuspended else { return }
        if type == UInt32(SQLITE_TRACE_CLOSE) {
            writeTrace(Array("-- closing database connection\n".utf8), to: destination)
            return
        }
        var sql: [UInt8]
        if type != UInt32(SQLITE_TRACE_ROW), let detail, detail.load(as: UInt8.self) == UInt8(ascii: "-") {
            // A trigger's `-- TRIGGER name` (and, as in sqlite3, the bytes
            // of a profile's time when its low byte happens to be '-').
            sql = Array(UnsafeRawBufferPointer(start: detail, count: strlen(detail.assumingMemoryBound(to: CChar.self))))
        } else {
            let statement = OpaquePointer(statement)
            if trace.expandsParameters {
                guard let expanded = sqlite3_expanded_sql(statement) else { return }
                sql = Array(UnsafeRawBufferPointer(start: expanded, count: strlen(expanded)))
                sqlite3_free(expanded)
            } else {
                guard let text = sqlite3_sql(statement) else { return }
                sql = Array(UnsafeRawBufferPointer(start: text, count: strlen(text)))
            }
        }
        while sql.last == UInt8(ascii: ";") { sql.removeLast() }
        if type == UInt32(SQLITE_TRACE_PROFILE) {
            let nanoseconds = detail?.load(as: Int64.self) ?? 0
            writeTrace(sql + Array("; -- \(nanoseconds) ns\n".utf8), to: destination)
        } else if type == UInt32(SQLITE_TRACE_STMT) || type == UInt32(SQLITE_TRACE_ROW) {
            writeTrace(sql + Array(";\n".utf8), to: destination)
        }
    }

    private func writeTrace(_ bytes: [UInt8], to destination: TraceSettings.Destination) {
        switch destination {
        case .standardOutput:
            if output.fileDescriptor == output.standardOutput {
                output.write(bytes)
            } else {
                // Beside a redirected `output`: written at once.
                let buffer = OutputBuffer(fileDescriptor: output.standardOutput)
                buffer.write(bytes)
                buffer.flush()
            }
        case .standardError: StandardStreams.writeError(bytes)
        case .file(let buffer, _): buffer.write(bytes)
        }
    }
}
