import Foundation

/// A throwaway PostgreSQL cluster for the sync workloads: `initdb` into a
/// temporary folder, `postgres` on a free loopback port (as the `postgres`
/// user when the benchmarks run as root, since PostgreSQL refuses root),
/// with the sync tests' settings (no fsync: the benchmarks measure Plume,
/// not the disk). Adapted from `Tests/PlumeSyncTests/PostgresCluster.swift`.
final class SyncCluster: Sendable {
    let directory: URL
    let port: Int
    private let binaries: URL

    /// Runs `body` with a started cluster, stopped and removed afterwards.
    static func with<T>(_ body: (SyncCluster) throws -> T) throws -> T {
        let cluster = try SyncCluster()
        defer { cluster.stopAndRemove() }
        try cluster.start()
        return try body(cluster)
    }

    private init() throws {
        binaries = try Self.findBinaries()
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("plume-bench-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try freeLoopbackPort()
        if getuid() == 0 {
            try Self.check(SyncSpawn.run("/bin/chown", ["-R", "postgres", directory.path]), "chown")
        }
        try Self.check(runAsPostgres("initdb", ["-D", dataPath, "-A", "trust", "-U", "plume", "--no-sync", "-E", "UTF8", "--locale=C"]), "initdb")
    }

    private var dataPath: String { directory.appendingPathComponent("data").path }

    /// The URL of database `name`.
    func url(_ name: String = "postgres") -> String {
        "postgresql://plume@127.0.0.1:\(port)/\(name)"
    }

    private func start() throws {
        try Self.check(runAsPostgres("pg_ctl", ["-D", dataPath, "-l", directory.appendingPathComponent("log").path, "-w", "-t", "30", "-o",
                                                "-k \(directory.path) -p \(port) -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=300",
                                                "start"]), "pg_ctl start")
    }

    /// Creates a database and returns its name.
    func createDatabase(_ prefix: String) throws -> String {
        let name = "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())"
        _ = try psql("postgres", "CREATE DATABASE \(name)")
        return name
    }

    /// Runs SQL with psql and returns its unaligned output.
    @discardableResult
    func psql(_ database: String, _ sql: String) throws -> String {
        let result = try SyncSpawn.run("/usr/bin/env", psqlArguments(database) + ["-A", "-t", "-q", "-c", sql])
        try Self.check(result, "psql")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The `psql` command line that connects to `database` (after `env`).
    func psqlArguments(_ database: String) -> [String] {
        ["psql", "-X", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", "\(port)", "-U", "plume", "-d", database]
    }

    private func stopAndRemove() {
        _ = try? runAsPostgres("pg_ctl", ["-D", dataPath, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: directory)
    }

    private func runAsPostgres(_ program: String, _ arguments: [String]) throws -> SyncSpawn.Result {
        let path = binaries.appendingPathComponent(program).path
        if getuid() == 0 {
            return try SyncSpawn.run("/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments)
        }
        return try SyncSpawn.run(path, arguments)
    }

    static func check(_ result: SyncSpawn.Result, _ what: String) throws {
        guard result.status == 0 else {
            throw SyncSpawn.Failure(message: "\(what) failed (\(result.status)): \(result.output)")
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
        throw SyncSpawn.Failure(message: "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): the sync workloads need it; apt-get install postgresql")
    }
}

/// A port nobody listens on now: bound to port 0, then released.
func freeLoopbackPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw SyncSpawn.Failure(message: "socket() failed") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else { throw SyncSpawn.Failure(message: "bind() failed") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}
