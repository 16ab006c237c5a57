import CSQLite
import Foundation

/// `.stats`: statistics after each statement, or now.
extension Shell {
    static let statisticsDotCommands: [DotCommand] = [
        DotCommand(name: "stats", minimumLength: 2, usage: ".stats ?ARG?",
                   summary: "Show stats or turn stats on or off", details: """
                      off                      Turn off automatic stat display
                      on                       Turn on automatic stat display
                      stmt                     Show statement stats
                      vmstep                   Show the virtual machine step count only

                   """) {
            $0.statistics($1)
        },
    ]

    /// `.stats ?on|off|stmt|vmstep?`: without an argument, the statistics
    /// now.
    private func statistics(_ command: DotCommandLine) -> DotCommandResult {
        switch command.arguments.count {
        case 1:
            writeStatistics(statement: nil)
        case 2:
            switch String(decoding: command.arguments[1].cString, as: UTF8.self) {
            case "stmt": diagnostics.statistics = 2
            case "vmstep": diagnostics.statistics = 3
            default: diagnostics.statistics = UInt8(truncatingIfNeeded: DotCommandLine.booleanInteger(command.arguments[1].cString))
            }
        default:
            printError("Usage: .stats ?on|off|stmt|vmstep?")
            return .failed
        }
        return .succeeded
    }

    /// `-stats`: memory, page-cache, statement and I/O statistics after a
    /// statement's rows, in the layout of `sqlite3`'s `display_stats`.
    /// The figures are this process's, so they differ from `sqlite3`'s.
    func writeStatistics(statement: OpaquePointer?) {
        let line = writeStatisticsLine
        if let statement, diagnostics.statistics == 2 { writeColumnStatistics(statement) }
        if diagnostics.statistics == 3 {
            if let statement { output.write("VM-steps: \(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_VM_STEP, 0))\n") }
            return
        }
        func status(_ operation: Int32) -> (current: Int64, highwater: Int64) {
            var current: Int64 = -1, highwater: Int64 = -1
            sqlite3_status64(operation, &current, &highwater, 0)
            return (current, highwater)
        }
        let memory = status(SQLITE_STATUS_MEMORY_USED)
        line("Memory Used:", "\(memory.current) (max \(memory.highwater)) bytes")
        let allocations = status(SQLITE_STATUS_MALLOC_COUNT)
        line("Number of Outstanding Allocations:", "\(allocations.current) (max \(allocations.highwater))")
        if statisticsShowPageCache {
            let pages = status(SQLITE_STATUS_PAGECACHE_USED)
            line("Number of Pcache Pages Used:", "\(pages.current) (max \(pages.highwater)) pages")
        }
        let overflow = status(SQLITE_STATUS_PAGECACHE_OVERFLOW)
        line("Number of Pcache Overflow Bytes:", "\(overflow.current) (max \(overflow.highwater)) bytes")
        line("Largest Allocation:", "\(status(SQLITE_STATUS_MALLOC_SIZE).highwater) bytes")
        line("Largest Pcache Allocation:", "\(status(SQLITE_STATUS_PAGECACHE_SIZE).highwater) bytes")
        if isDatabaseOpen { writeConnectionStatistics() }
        if let statement { writeStatementStatistics(statement) }
        writeLinuxIOStatistics()
    }

    /// One line of the statistics: the label padded to 36 columns, a
    /// space, then the value.
    private func writeStatisticsLine(_ label: String, _ value: String) {
        output.write(label.paddedWithSpaces(toLength: max(label.count, 36)) + " " + value + "\n")
    }

    /// The connection's lookaside, page cache and heap figures.
    private func writeConnectionStatistics() {
        let line = writeStatisticsLine
        let connection = self.connection
        func databaseStatus(_ operation: Int32, reset: Bool = false) -> (current: Int32, highwater: Int32) {
            var current: Int32 = -1, highwater: Int32 = -1
            sqlite3_db_status(connection, operation, &current, &highwater, reset ? 1 : 0)
            return (current, highwater)
        }
        if statisticsShowLookaside {
            let used = databaseStatus(SQLITE_DBSTATUS_LOOKASIDE_USED)
            line("Lookaside Slots Used:", "\(used.current) (max \(used.highwater))")
            line("Successful lookaside attempts:", "\(databaseStatus(SQLITE_DBSTATUS_LOOKASIDE_HIT).highwater)")
            line("Lookaside failures due to size:", "\(databaseStatus(SQLITE_DBSTATUS_LOOKASIDE_MISS_SIZE).highwater)")
            line("Lookaside failures due to OOM:", "\(databaseStatus(SQLITE_DBSTATUS_LOOKASIDE_MISS_FULL).highwater)")
        }
        line("Pager Heap Usage:", "\(databaseStatus(SQLITE_DBSTATUS_CACHE_USED).current) bytes")
        line("Page cache hits:", "\(databaseStatus(SQLITE_DBSTATUS_CACHE_HIT, reset: true).current)")
        line("Page cache misses:", "\(databaseStatus(SQLITE_DBSTATUS_CACHE_MISS, reset: true).current)")
        line("Page cache writes:", "\(databaseStatus(SQLITE_DBSTATUS_CACHE_WRITE, reset: true).current)")
        line("Page cache spills:", "\(databaseStatus(SQLITE_DBSTATUS_CACHE_SPILL, reset: true).current)")
        line("Schema Heap Usage:", "\(databaseStatus(SQLITE_DBSTATUS_SCHEMA_USED).current) bytes")
        line("Statement Heap/Lookaside Usage:", "\(databaseStatus(SQLITE_DBSTATUS_STMT_USED).current) bytes")
    }

    /// The statement's scans, sorts, steps and memory.
    private func writeStatementStatistics(_ statement: OpaquePointer) {
        let line = writeStatisticsLine
        func statementStatus(_ operation: Int32) -> Int32 { sqlite3_stmt_status(statement, operation, 0) }
        line("Fullscan Steps:", "\(statementStatus(SQLITE_STMTSTATUS_FULLSCAN_STEP))")
        line("Sort Operations:", "\(statementStatus(SQLITE_STMTSTATUS_SORT))")
        line("Autoindex Inserts:", "\(statementStatus(SQLITE_STMTSTATUS_AUTOINDEX))")
        let hits = statementStatus(SQLITE_STMTSTATUS_FILTER_HIT), misses = statementStatus(SQLITE_STMTSTATUS_FILTER_MISS)
        if hits != 0 || misses != 0 {
            line("Bloom filter bypass taken:", "\(hits)/\(hits + misses)")
        }
        line("Virtual Machine Steps:", "\(statementStatus(SQLITE_STMTSTATUS_VM_STEP))")
        line("Reprepare operations:", "\(statementStatus(SQLITE_STMTSTATUS_REPREPARE))")
        line("Number of times run:", "\(statementStatus(SQLITE_STMTSTATUS_RUN))")
        line("Memory used by prepared stmt:", "\(statementStatus(SQLITE_STMTSTATUS_MEMUSED))")
    }

    /// `.stats stmt`: the statement's columns, their declared types and
    /// origins (`(null)` where there is none, as C's `printf` prints it).
    private func writeColumnStatistics(_ statement: OpaquePointer) {
        func line(_ label: String, _ value: UnsafePointer<CChar>?) {
            output.write(label.paddedWithSpaces(toLength: max(label.count, 36)) + " ")
            if let value {
                output.write(UnsafeRawBufferPointer(start: value, count: strlen(value)))
            } else {
                output.write("(null)")
            }
            output.write("\n")
        }
        let count = sqlite3_column_count(statement)
        output.write("Number of output columns:".paddedWithSpaces(toLength: 36) + " \(count)\n")
        for index in 0..<count {
            line("Column \(index) name:", sqlite3_column_name(statement, index))
            line("Column \(index) declared type:", sqlite3_column_decltype(statement, index))
            line("Column \(index) database name:", sqlite3_column_database_name(statement, index))
            line("Column \(index) table name:", sqlite3_column_table_name(statement, index))
            line("Column \(index) origin name:", sqlite3_column_origin_name(statement, index))
        }
    }

    /// The lines of `/proc/self/io` that `sqlite3` shows, under its labels.
    private func writeLinuxIOStatistics() {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return }
        let labels: [(prefix: String, label: String)] = [
            ("rchar: ", "Bytes received by read():"),
            ("wchar: ", "Bytes sent to write():"),
            ("syscr: ", "Read() system calls:"),
            ("syscw: ", "Write() system calls:"),
            ("read_bytes: ", "Bytes read from storage:"),
            ("write_bytes: ", "Bytes written to storage:"),
            ("cancelled_write_bytes: ", "Cancelled write bytes:"),
        ]
        for entry in text.split(separator: "\n") {
            guard let match = labels.first(where: { entry.hasPrefix($0.prefix) }) else { continue }
            output.write(match.label.paddedWithSpaces(toLength: 36) + " "
                         + entry.dropFirst(match.prefix.count) + "\n")
        }
        #endif
    }
}
