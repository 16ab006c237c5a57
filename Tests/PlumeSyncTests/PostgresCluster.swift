import Foundation
import PlumeTestSupport

/// A throwaway PostgreSQL cluster for one test: `initdb` into a temporary
/// folder, `postgres` on a free loopback port (run as the `postgres` user
/// when the tests run as root, since PostgreSQL refuses root), stopped and
/// removed by ``with(_:)`` however the test ends.
///
/// When PostgreSQL is not installed the tests fail saying so (`.ci/run`
/// installs it): they are never skipped.
final class PostgresCluster: Sendable {
    let directory: URL
    let port: Int
    private let binaries: URL

    /// Runs `body` with a started cluster, and stops it afterwards.
    static func with<T>(_ body: (PostgresCluster) async throws -> T) async throws -> T {
        await ClusterGate.shared.acquire()
        do {
            let result = try await withCluster(body)
            await ClusterGate.shared.release()
            return result
        } catch {
            await ClusterGate.shared.release()
            throw error
        }
    }

    private static func withCluster<T>(_ body: (PostgresCluster) async throws -> T) async throws -> T {
        let cluster = try PostgresCluster()
        do {
            try cluster.start()
        } catch {
            cluster.stopAndRemove()
            throw error
        }
        do {
            let result = try await body(cluster)
            cluster.stopAndRemove()
            return result
        } catch {
            cluster.stopAndRemove()
            throw error
        }
    }

    private init() throws {
        binaries = try Self.findBinaries()
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("plume-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try freeLoopbackPort()
        if getuid() == 0 {
            try Self.check(SpawnedProgram.run("/bin/chown", ["-R", "postgres", directory.path]), "chown")
        }
        try Self.check(runAsPostgres("initdb", ["-D", dataPath, "-A", "trust", "-U", "plume", "--no-sync", "-E", "UTF8", "--locale=C"]), "initdb")
    }

    private var dataPath: String { directory.appendingPathComponent("data").path }

    /// The URL of database `name` (`postgres` exists from the start).
    func url(_ name: String = "postgres") -> String {
        "postgresql://plume@127.0.0.1:\(port)/\(name)"
    }

    /// Starts the server (again, after ``stop()``).
    func start() throws {
        try Self.check(runAsPostgres("pg_ctl", ["-D", dataPath, "-l", directory.appendingPathComponent("log").path, "-w", "-t", "30", "-o",
                                                "-k \(directory.path) -p \(port) -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off",
                                                "start"]), "pg_ctl start")
    }

    /// Stops the server at once (as a crash would).
    func stop() throws {
        try Self.check(runAsPostgres("pg_ctl", ["-D", dataPath, "-m", "immediate", "-w", "stop"]), "pg_ctl stop")
    }

    /// Creates a database and returns its URL.
    func createDatabase(_ name: String) throws -> String {
        try Self.check(SpawnedProgram.run("/usr/bin/env", ["psql", "-X", "-q", "-h", "127.0.0.1", "-p", "\(port)", "-U", "plume", "-d", "postgres", "-c", "CREATE DATABASE \(name)"]), "createdb")
        return url(name)
    }

    /// Runs SQL with psql and returns its unaligned output.
    func psql(_ database: String, _ sql: String) throws -> String {
        let result = try SpawnedProgram.run("/usr/bin/env", ["psql", "-X", "-A", "-t", "-q", "-h", "127.0.0.1", "-p", "\(port)", "-U", "plume", "-d", database, "-c", sql])
        try Self.check(result, "psql")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func stopAndRemove() {
        _ = try? runAsPostgres("pg_ctl", ["-D", dataPath, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: directory)
    }

    private func runAsPostgres(_ program: String, _ arguments: [String]) throws -> SpawnedProgram.Result {
        let path = binaries.appendingPathComponent(program).path
        if getuid() == 0 {
            return try SpawnedProgram.run("/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments)
        }
        return try SpawnedProgram.run(path, arguments)
    }

    private static func check(_ result: SpawnedProgram.Result, _ what: String) throws {
        guard result.status == 0 else {
            throw ProcessFailure(message: "\(what) failed (\(result.status)): \(result.output)")
        }
    }

    /// The newest `/usr/lib/postgresql/*/bin` with `initdb`.
    private static func findBinaries() throws -> URL {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }
        for version in versions {
            let bin = root.appendingPathComponent(version).appendingPathComponent("bin")
            if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path) { return bin }
        }
        throw ProcessFailure(message: "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): the sync tests need it; apt-get install postgresql (.ci/run does)")
    }
}

/// A port nobody listens on now: bound to port 0, then released.
func freeLoopbackPort() throws -> Int {
    let (descriptor, port) = try boundLoopbackSocket()
    close(descriptor)
    return port
}

/// A TCP socket bound to a free loopback port (port 0, the kernel's
/// choice), listening when `listening`: its descriptor and port.
func boundLoopbackSocket(listening: Bool = false) throws -> (descriptor: Int32, port: Int) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw ProcessFailure(message: "socket() failed: \(String(cString: strerror(errno)))") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, !listening || listen(descriptor, 64) == 0 else {
        let reason = String(cString: strerror(errno))
        close(descriptor)
        throw ProcessFailure(message: "cannot \(bound == 0 ? "listen on" : "bind") a loopback port: \(reason)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
}

/// Lets one cluster test run at a time. Their fixtures block a thread
/// while `initdb`, `pg_ctl` and `psql` run, and the cooperative pool has
/// one thread per core: several suites blocking at once left none for the
/// engines and servers they wait for. Waiting here suspends, it does not
/// block.
actor ClusterGate {
    static let shared = ClusterGate()
    private var isBusy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        if isBusy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            isBusy = true
        }
    }

    func release() {
        if waiting.isEmpty { isBusy = false } else { waiting.removeFirst().resume() }
    }
}
