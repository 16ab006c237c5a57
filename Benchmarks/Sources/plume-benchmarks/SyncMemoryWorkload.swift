import Foundation
import Logging
import PlumeSyncServer
import ServiceLifecycle

/// `sync.memory.50`: is the server's memory flat while 50 clients stream?
/// The server runs in a child process (this program again, with
/// `--sync-server-child`), so that its resident set (`VmRSS` of
/// `/proc/PID/status`) is its own. 50 clients connect and follow its
/// stream; one of them commits one-row inserts one at a time (each pushed
/// and acknowledged before the next, so each is a push and a page
/// streamed to the 49 others). The RSS is read once every client is up
/// to date: after a warm-up, then after each batch of commits. Flat means
/// no growth in proportion to the pushes.
enum SyncMemoryWorkload {
    static let name = "sync.memory.50"
    static let clients = 50
    static let warmUp = 200
    static let batches = 4
    static let batch = 500

    static func run(cluster: SyncCluster, in directory: URL, json: Bool) throws {
        let database = try cluster.createDatabase("memory")
        let server = try SyncServerChild.start(postgres: cluster.url(database), tokensPath: try SyncFixture.writeTokens(in: directory), directory: directory)
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)")!
        let all = try (0..<clients).map { _ in try SyncClient(directory: directory, server: url) }
        defer { for client in all { try? client.close() } }
        for client in all { try client.start() }
        try settle(all, at: 0)
        let idle = try server.residentKilobytes()
        var readings: [(commits: Int, kilobytes: Int)] = []
        var committed = 0
        for round in 0...batches {
            let count = round == 0 ? warmUp : batch
            for _ in 0..<count {
                committed += 1
                try all[0].insert(committed..<(committed + 1))
                try SyncFixture.waitUpToDate(all[0].engine, atLeast: Int64(committed), timeout: .seconds(60))
            }
            try settle(all, at: Int64(committed))
            readings.append((committed, try server.residentKilobytes()))
        }
        report(idle: idle, readings: readings, json: json)
    }

    /// Waits until every client is up to date at `head` or later.
    private static func settle(_ clients: [SyncClient], at head: Int64) throws {
        for (index, client) in clients.enumerated() {
            try SyncFixture.waitUntil("client \(index) is up to date at \(head) (it is \(client.engine.currentStatus))", timeout: .seconds(120),
                                      interval: .milliseconds(5)) {
                guard case .upToDate(let reached) = client.engine.currentStatus else { return false }
                return reached >= head
            }
        }
    }

    private static func report(idle: Int, readings: [(commits: Int, kilobytes: Int)], json: Bool) {
        let afterWarmUp = readings[0]
        let last = readings[readings.count - 1]
        let growthPerThousand = Double(last.kilobytes - afterWarmUp.kilobytes) / 1024 / Double(last.commits - afterWarmUp.commits) * 1000
        if json {
            let series = readings.map { "[\($0.commits),\($0.kilobytes)]" }.joined(separator: ",")
            print(String(format: "{\"name\":\"\(name)\",\"clients\":\(clients),\"idle_rss_kb\":\(idle),\"rss_kb_by_commits\":[\(series)],\"growth_mb_per_1000_pushes\":%.3f}", growthPerThousand))
            return
        }
        let series = readings.map { String(format: "%.1f MB after %d", Double($0.kilobytes) / 1024, $0.commits) }.joined(separator: ", ")
        print(String(format: "\(name) (server RSS, \(clients) streaming clients, one-row pushes): %.1f MB with every client connected; %@; %.2f MB per 1,000 pushes after the warm-up",
                     Double(idle) / 1024, series, growthPerThousand))
    }
}

/// The sync server in a child process: this program again with
/// `--sync-server-child POSTGRES_URL TOKENS_PATH`, which prints
/// `listening PORT` and serves until SIGTERM.
struct SyncServerChild {
    let pid: pid_t
    let port: Int

    static func start(postgres: String, tokensPath: String, directory: URL) throws -> SyncServerChild {
        let output = directory.appendingPathComponent("sync-server-\(UUID().uuidString).log").path
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let pid = try SyncSpawn.start(executable, ["--sync-server-child", postgres, tokensPath], output: output)
        var port: Int?
        do {
            try SyncFixture.waitUntil("the sync server child listens", timeout: .seconds(30), interval: .milliseconds(10)) {
                let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                port = text.split(separator: "\n").lazy.compactMap { line in line.hasPrefix("listening ") ? Int(line.dropFirst(10)) : nil }.first
                return port != nil
            }
        } catch {
            kill(pid, SIGKILL)
            _ = try? SyncSpawn.wait(pid, "sync server child")
            throw SyncSpawn.Failure(message: "\(error): \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        }
        return SyncServerChild(pid: pid, port: port!)
    }

    /// `VmRSS` of the child, in kilobytes.
    func residentKilobytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) else {
            throw SyncSpawn.Failure(message: "no VmRSS in /proc/\(pid)/status")
        }
        return kilobytes
    }

    /// Stops the child gracefully (SIGTERM) and waits for it.
    func stop() {
        kill(pid, SIGTERM)
        _ = try? SyncSpawn.wait(pid, "sync server child")
    }

    /// The child's side: serves until SIGTERM, then ends the process.
    static func serve(postgres: String, tokensPath: String) throws -> Never {
        let configuration = try SyncServerConfiguration(postgres: postgres, listen: "127.0.0.1:0", tokensPath: tokensPath)
        let server = try SyncServer(configuration: configuration, logger: SyncFixture.logger) { port in
            FileHandle.standardOutput.write(Data("listening \(port)\n".utf8))
        }
        let group = ServiceGroup(configuration: .init(services: [server], gracefulShutdownSignals: [.sigterm], logger: SyncFixture.logger))
        try SyncFixture.blocking { try await group.run() }
        exit(0)
    }
}
