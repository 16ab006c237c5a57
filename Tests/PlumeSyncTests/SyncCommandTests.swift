import Foundation
import Persistence
import PlumeTestSupport
import Testing

/// `plume sync serve`, `run` and `status` as a user runs them.
@Suite struct SyncCommandTests {
    @Test func twoDatabasesSyncThroughTheBuiltServerAndAgent() async throws {
        try await PostgresCluster.with { cluster in
            let postgres = try cluster.createDatabase("e2e")
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("plume-sync-e2e-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let tokens = folder.appendingPathComponent("tokens.txt").path
            try "secret-token\n".write(toFile: tokens, atomically: true, encoding: .utf8)
            let port = try freeLoopbackPort()
            let server = try startProcess(try PlumeProcess.builtExecutable("plume-sync"),
                                          ["serve", "--postgres", postgres, "--listen", "127.0.0.1:\(port)", "--tokens", tokens])
            defer { server.terminate(); server.waitUntilExit() }
            try await eventually("the server listens") { (try? await request("GET", URL(string: "http://127.0.0.1:\(port)/")!, token: nil).status) == 401 }

            let first = folder.appendingPathComponent("first.sqlite").path, second = folder.appendingPathComponent("second.sqlite").path
            for path in [first, second] {
                #expect(try PlumeProcess.sqlite3([path], stdin: "CREATE TABLE task (id TEXT PRIMARY KEY, title TEXT, done INTEGER);").status == 0)
            }
            // Written by sqlite3, synced by the agent (through plume sync).
            #expect(try PlumeProcess.sqlite3([first], stdin: "INSERT INTO task VALUES ('t1', 'write the spec', 0), ('t2', 'ship', 0);").status == 0)
            let server_ = "http://127.0.0.1:\(port)"
            let push = try PlumeProcess.plume(["sync", "run", first, "--server", server_, "--token", "secret-token", "--tables", "task", "--once"])
            #expect(push.status == 0, "\(push.stderr)")
            #expect(push.stderr.contains("plume sync: up to date at 2"))
            let pull = try PlumeProcess.plume(["sync", "run", second, "--server", server_, "--token", "secret-token", "--tables", "task", "--once"])
            #expect(pull.status == 0, "\(pull.stderr)")
            #expect(try PlumeProcess.sqlite3([second, "SELECT id, title, done FROM task ORDER BY id"]).stdout == "t1|write the spec|0\nt2|ship|0\n")

            // An update made by sqlite3 while the agent is not running.
            #expect(try PlumeProcess.sqlite3([second], stdin: "UPDATE task SET done = 1 WHERE id = 't2';").status == 0)
            let status = try PlumeProcess.plume(["sync", "status", second])
            #expect(status.stdout.contains("pending changes: 1"))
            #expect(status.stdout.contains("server sequence: 2"))
            let pushUpdate = try PlumeProcess.plume(["sync", "run", second, "--server", server_, "--token", "secret-token", "--once"])
            #expect(pushUpdate.status == 0, "\(pushUpdate.stderr)")
            let pullUpdate = try PlumeProcess.plume(["sync", "run", first, "--server", server_, "--token", "secret-token", "--once"])
            #expect(pullUpdate.status == 0, "\(pullUpdate.stderr)")
            #expect(try PlumeProcess.sqlite3([first, "SELECT done FROM task WHERE id = 't2'"]).stdout == "1\n")
            #expect(try PlumeProcess.plume(["sync", "status", second]).stdout.contains("pending changes: 0"))

            // A wrong token: refused, exit 1 with --once.
            let refused = try PlumeProcess.plume(["sync", "run", first, "--server", server_, "--token", "wrong", "--once"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("401"))
        }
    }

    /// A file restored from a backup over the synced one: the agent would
    /// go on syncing the old file (SQLite reads the file it opened), so it
    /// stops, naming the file, and exits 74; run again, it syncs the new one.
    @Test func anAgentStopsWhenItsDatabaseFileIsReplaced() async throws {
        try await withSyncServer { cluster, database, server in
            let client = try ClientDatabase()
            let agent = try SyncAgent(client, server: server.url)
            defer { agent.program.send(SIGKILL); _ = try? agent.program.wait(); unlink(agent.program.outputPath) }
            try client.execute("INSERT INTO note (id, title) VALUES ('n1', 'before')")
            try await eventually("the agent pushed the row") {
                let head = try serverHead(cluster, database)
                guard head >= 1 else { return false }
                return try agent.isUpToDate(at: head)
            }
            let backup = client.path + ".restored"
            try FileManager.default.copyItem(atPath: client.path, toPath: backup)
            #expect(rename(backup, client.path) == 0)
            try await eventually("the agent stopped", timeout: .seconds(30)) { agent.program.output.contains("plume sync: stopped:") }
            #expect(try agent.program.wait() == 74)
            #expect(agent.program.output.contains("\(client.path) was replaced by another file"), "\(agent.program.output)")
        }
    }

    @Test func runOnceAgainstNoServerSaysSoAndExits69() throws {
        let path = NSTemporaryDirectory() + "plume-sync-noserver-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try PlumeProcess.sqlite3([path], stdin: "CREATE TABLE task (id TEXT PRIMARY KEY, title TEXT);").status == 0)
        let port = try freeLoopbackPort()
        let result = try PlumeProcess.plume(["sync", "run", path, "--server", "http://127.0.0.1:\(port)", "--token", "t", "--tables", "task", "--once"],
                                            timeout: .seconds(30))
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("plume sync: offline"))
        #expect(result.stderr.contains("cannot reach the server at http://127.0.0.1:\(port)"))
    }

    @Test func aTableWithoutPrimaryKeyIsRefusedByName() throws {
        let path = NSTemporaryDirectory() + "plume-sync-nokey-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try PlumeProcess.sqlite3([path], stdin: "CREATE TABLE log (line TEXT);").status == 0)
        let result = try PlumeProcess.plume(["sync", "run", path, "--server", "http://127.0.0.1:9", "--token", "t", "--tables", "log", "--once"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("table log has no primary key"))
        // Nothing was changed: no history, no sync state.
        #expect(try PlumeProcess.sqlite3([path, ".tables"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "log")
    }
}

extension SyncCommandTests {
    @Test func plumeSyncWithoutPlumeSyncBesideItSaysWhereItLooked() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("plume-alone-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lonely = folder.appendingPathComponent("plume")
        // A hard link, not a copy: a copy is open for writing while other
        // tests start programs, which then inherit it, and running it
        // fails with ETXTBSY until they exit.
        if link(try PlumeProcess.plumeURL.path, lonely.path) != 0 {
            try FileManager.default.copyItem(at: try PlumeProcess.plumeURL, to: lonely)
        }
        let result = try PlumeProcess.run(lonely, ["sync", "status", "x.sqlite"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("plume sync needs the plume-sync program next to plume"))
        #expect(result.stderr.contains(folder.appendingPathComponent("plume-sync").path))
    }
}

/// Starts a program in the background (its output is discarded).
func startProcess(_ executable: URL, _ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}
