import Foundation
import Persistence
import PlumeTestSupport
import Testing

/// A running `plume watch` (or `plume demo`): its standard output read
/// line by line as it comes.
final class StreamingPlume: @unchecked Sendable {
    // Safe: `lines`, `buffer` and `finished` are only touched under `lock`;
    // the process and pipes are set up once in `init`.
    private let process = Process()
    private let lock = NSLock()
    private var lines: [String] = []
    private var buffer = Data()
    private var finished = false
    private let errors: PipeCollector

    init(_ arguments: [String]) throws {
        process.executableURL = try PlumeProcess.plumeURL
        process.arguments = arguments
        let output = Pipe(), errorPipe = Pipe()
        process.standardOutput = output
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        errors = PipeCollector(errorPipe.fileHandleForReading)
        let handle = output.fileHandleForReading
        try process.run()
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                lock.withLock {
                    if data.isEmpty {
                        finished = true
                        if !buffer.isEmpty { lines.append(String(decoding: buffer, as: UTF8.self)) }
                        return
                    }
                    buffer.append(data)
                    while let newline = buffer.firstIndex(of: 10) {
                        lines.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                        buffer = Data(buffer[(newline + 1)...])
                    }
                }
                if data.isEmpty { return }
            }
        }
    }

    /// The next line of output, waiting up to `timeout` for it.
    func nextLine(timeout: Duration = .seconds(20)) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let next: String?? = lock.withLock {
                if !lines.isEmpty { return .some(lines.removeFirst()) }
                return finished ? .some(nil) : nil
            }
            if let next {
                guard let line = next else { throw ProcessFailure(message: "plume ended; stderr: \(stderrSoFar())") }
                return line
            }
            guard ContinuousClock.now < deadline else { throw ProcessFailure(message: "no output line within \(timeout)") }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// Sends a signal and waits for the process to end.
    func stop(signal: Int32 = SIGINT, timeout: Duration = .seconds(20)) throws -> (status: Int32, remaining: [String], stderr: String) {
        kill(process.processIdentifier, signal)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                throw ProcessFailure(message: "plume did not end within \(timeout) after signal \(signal)")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        process.waitUntilExit()
        while !lock.withLock({ finished }) { Thread.sleep(forTimeInterval: 0.005) }
        let remaining = lock.withLock { lines }
        return (process.terminationStatus, remaining, String(decoding: errors.finish(), as: UTF8.self))
    }

    private func stderrSoFar() -> String {
        process.isRunning ? "(still running)" : String(decoding: errors.finish(), as: UTF8.self)
    }
}

/// Runs a script through the `sqlite3` shell, waiting for locks.
func sqlite3Script(_ path: String, _ script: String) throws {
    let result = try PlumeProcess.sqlite3(["-bail", "-cmd", ".timeout 10000", path], stdin: script)
    guard result.status == 0 else {
        throw ProcessFailure(message: "sqlite3 failed (\(result.status)): \(result.stderr) on \(script)")
    }
}

/// A list of sections of rows as `plume watch` prints them, following its
/// change events with the batch semantics of `Sources/FetchedResults/FetchedResults.docc/ChangeSets.md` — written
/// here independently of the library, from the JSON alone.
struct WatchedList: Equatable {
    /// Each section: its name and rows, as canonical JSON text.
    var sections: [(name: String, rows: [String])] = []

    static func == (lhs: WatchedList, rhs: WatchedList) -> Bool {
        lhs.sections.map { $0.name } == rhs.sections.map { $0.name } && lhs.sections.map { $0.rows } == rhs.sections.map { $0.rows }
    }

    static func canonical(_ object: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    static func path(_ value: Any) -> (section: Int, row: Int) {
        let pair = value as! [Int]
        return (pair[0], pair[1])
    }

    init(initial line: String) throws {
        let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        #expect(event["event"] as? String == "initial")
        sections = (event["sections"] as! [[String: Any]]).map {
            (Self.canonical($0["name"]!), ($0["rows"] as! [Any]).map(Self.canonical))
        }
    }

    init(sections: [(name: String, rows: [String])]) {
        self.sections = sections
    }

    /// Applies one change event as one batch.
    mutating func apply(change line: String) throws {
        let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        #expect(event["event"] as? String == "change")
        let sectionChanges = event["sections"] as! [String: Any]
        let rowChanges = event["rows"] as! [String: Any]
        let deletedSections = Set(sectionChanges["deleted"] as! [Int])
        let insertedSections = sectionChanges["inserted"] as! [[String: Any]]
        let moved = rowChanges["moved"] as! [[String: Any]]

        // Old coordinates: deleted rows, moves' sources, updates.
        var removed: Set<[Int]> = Set(rowChanges["deleted"] as! [[Int]])
        for move in moved { removed.insert(move["from"] as! [Int]) }
        var content: [[Int]: String] = [:]
        for update in rowChanges["updated"] as! [[String: Any]] {
            content[update["from"] as! [Int]] = Self.canonical(update["row"]!)
        }
        // New coordinates: inserted sections, inserted rows, moves' destinations.
        let newCount = sections.count - deletedSections.count + insertedSections.count
        var slots: [(name: String, rows: [String])?] = Array(repeating: nil, count: newCount)
        for insert in insertedSections {
            slots[insert["index"] as! Int] = (Self.canonical(insert["name"]!), (insert["rows"] as! [Any]).map(Self.canonical))
        }
        var placed: [[Int]: String] = [:]
        for insert in rowChanges["inserted"] as! [[String: Any]] { placed[insert["to"] as! [Int]] = Self.canonical(insert["row"]!) }
        for move in moved { placed[move["to"] as! [Int]] = Self.canonical(move["row"]!) }
        var slot = 0
        for (oldIndex, section) in sections.enumerated() where !deletedSections.contains(oldIndex) {
            while slots[slot] != nil { slot += 1 }
            var survivors = section.rows.enumerated()
                .filter { !removed.contains([oldIndex, $0.offset]) }
                .map { content[[oldIndex, $0.offset]] ?? $0.element }[...]
            let count = survivors.count + placed.keys.filter { $0[0] == slot }.count
            var rows: [String] = []
            for row in 0..<count {
                if let item = placed[[slot, row]] { rows.append(item) } else { rows.append(survivors.removeFirst()) }
            }
            slots[slot] = (section.name, rows)
        }
        sections = slots.map { $0! }
    }
}

/// A fresh query of a database, grouped like `plume watch --section`.
func freshList(_ path: String, sql: String, section: String?) throws -> WatchedList {
    var configuration = Database.Configuration()
    configuration.readOnly = true
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    defer { try? queue.close() }
    let rows = try queue.readAndWait { db in try Row.fetchAll(db, sql: sql) }
    var sections: [(name: String, rows: [String])] = []
    for row in rows {
        var object: [String: Any] = [:]
        for (name, value) in zip(row.columnNames, row.values) { object[name] = json(value) }
        let name = WatchedList.canonical(section.flatMap { row[$0] }.map(json) ?? NSNull())
        if sections.last?.name != name { sections.append((name, [])) }
        sections[sections.count - 1].rows.append(WatchedList.canonical(object))
    }
    return WatchedList(sections: sections)
}

private func json(_ value: DatabaseValue) -> Any {
    switch value {
    case .null: NSNull()
    case .integer(let integer): integer
    case .real(let real): real
    case .text(let text): text
    case .blob(let data): ["base64": data.base64EncodedString()]
    }
}
