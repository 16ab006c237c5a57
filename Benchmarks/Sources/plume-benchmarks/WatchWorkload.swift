import Foundation

/// `observe.external.watch.*`: what a user of `plume watch` sees. A
/// `plume watch … --format jsonl` process follows `SELECT * FROM photo
/// ORDER BY name` on a file of `rows` photos with the change history; a
/// `sqlite3` shell process renames one photo; the time from handing the
/// statement to the shell to the `change` line on `plume watch`'s output.
/// `write_ms` is the shell's own part, as in `observe.external.*`.
///
/// It runs the `plume` executable of a release build of the main package
/// (`swift build -c release --product plume`; `PLUME` names another one)
/// and is left out, with a note, when there is none.
struct ExternalWatchWorkload: Workload {
    var name: String
    var rows: Int

    static var executable: String? {
        let candidates = [ProcessInfo.processInfo.environment["PLUME"], "../.build/release/plume", ".build/release/plume"]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func makeContestants(in directory: URL) throws -> [Contestant] {
        guard let executable = Self.executable else {
            FileHandle.standardError.write(Data("\(name): no release build of plume (swift build -c release --product plume): skipped\n".utf8))
            return []
        }
        let path = directory.appendingPathComponent("\(name).sqlite").path
        try RawSQLite.makeFilledDatabase(at: path, photos: PhotoFixture.photos(count: rows))
        let setup = Process()
        setup.executableURL = URL(fileURLWithPath: executable)
        setup.arguments = ["history", "enable", path, "photo"]
        setup.standardOutput = FileHandle.nullDevice
        try setup.run()
        setup.waitUntilExit()
        let floorPath = directory.appendingPathComponent("\(name)-write.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: floorPath)
        let watch = try WatchProcess(executable: executable, path: path, query: "SELECT * FROM photo ORDER BY name")
        let shell = try ShellWriter(path: path)
        let floorShell = try ShellWriter(path: floorPath)
        let rows = self.rows
        let renaming = PhotoRenaming(rows: rows)
        func rename() -> Int {
            shell.send(renaming())
            watch.waitForChange()
            return rows
        }
        _ = rename() // warm up
        return [
            Contestant(contender: .plume) { Trial(run: { rename() }) },
            Contestant(contender: .write) {
                let sql = renaming()
                return Trial(run: { floorShell.sendAndWait(sql); return rows })
            },
        ]
    }
}

/// A `plume watch --format jsonl` process, read line by line.
final class WatchProcess: @unchecked Sendable {
    // Safe: used from the benchmark's one thread.
    private let process = Process()
    private let output = Pipe()
    private var buffer = Data()
    /// The first bytes of a line longer than what was read so far.
    private var lineStart = Data()

    init(executable: String, path: String, query: String) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["watch", path, query, "--format", "jsonl"]
        process.standardOutput = output
        try process.run()
        _ = nextLine { $0.contains("\"event\":\"initial\"") }
    }

    /// Waits for the next `change` event.
    func waitForChange() {
        _ = nextLine { $0.contains("\"event\":\"change\"") }
    }

    /// Reads lines until one matches. The initial event of a large result
    /// is one line of many megabytes: it is scanned once, chunk by chunk,
    /// and only its start is kept to match.
    private func nextLine(where matches: (Substring) -> Bool) -> Bool {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = Substring(decoding: lineStart + buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer = Data(buffer[(newline + 1)...])
                lineStart = Data()
                if matches(line) { return true }
                continue
            }
            // No newline yet: keep the line's first bytes (enough to read
            // its event) and drop the rest.
            if lineStart.count < 64 { lineStart.append(buffer.prefix(64 - lineStart.count)) }
            buffer.removeAll(keepingCapacity: true)
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return false }
            buffer.append(data)
        }
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}
