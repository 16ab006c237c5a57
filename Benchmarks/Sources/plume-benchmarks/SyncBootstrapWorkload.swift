import Foundation
import Persistence

/// `sync.bootstrap.1m`: a new client (an empty `item` table) receives the
/// 1,000,000 rows the server holds, timed from `start()` until it is up
/// to date at the server's head. The server's rows are written once,
/// untimed, straight into its tables by SQL (as 1,000,000 pushed inserts
/// would leave them: one log entry and one current row each; a client
/// registers the table first). The floor exports the same rows from an
/// equivalent typed table with `psql -c "COPY … TO STDOUT (FORMAT csv)"`
/// piped into the `sqlite3` shell's `.import --csv` into an empty table.
/// Both end by counting the local rows. Goal: ≤ 2× the floor.
/// `--rows N` sets a smaller table for quick runs.
struct SyncBootstrapWorkload: Workload {
    var name: String { Self.name }
    let rows: Int
    let cluster: SyncCluster

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let (cluster, rows) = (self.cluster, self.rows)
        let tokens = try SyncFixture.writeTokens(in: directory)
        let database = try cluster.createDatabase("bootstrap")
        let server = try SyncServerHost.start(postgres: cluster.url(database), tokensPath: tokens)
        try seed(database, server: server, directory: directory)
        let sqlite3 = try Self.findSQLiteShell()
        let export = (cluster.psqlArguments(database) + ["-c", "COPY (SELECT id, name, price, qty FROM item ORDER BY id) TO STDOUT (FORMAT csv)"])
            .map(Self.shellQuoted).joined(separator: " ")
        return [
            Contestant(contender: .plume) {
                let client = try SyncClient(directory: directory, server: server.url)
                return Trial(run: {
                    try client.start()
                    try SyncFixture.waitUpToDate(client.engine, atLeast: Int64(rows))
                    return try client.checksum()
                }, tearDown: { try client.close() })
            },
            Contestant(contender: .floor) {
                let path = directory.appendingPathComponent("bootstrap-floor-\(UUID().uuidString).sqlite").path
                let queue = try DatabaseQueue(path: path)
                try queue.writeAndWait { db in try db.execute(sql: SyncFixture.clientSchema) }
                try queue.close()
                return Trial(run: {
                    let pipeline = "set -o pipefail 2>/dev/null; /usr/bin/env \(export) | \(Self.shellQuoted(sqlite3)) \(Self.shellQuoted(path)) '.import --csv /dev/stdin item'"
                    try SyncCluster.check(SyncSpawn.run("/bin/bash", ["-c", pipeline]), "the floor's COPY | sqlite3 .import")
                    let queue = try DatabaseQueue(path: path)
                    defer { try? queue.close() }
                    return try queue.readAndWait { db in
                        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0
                        let sum = try Int.fetchOne(db, sql: "SELECT coalesce(sum(qty), 0) FROM item") ?? 0
                        return count &* 1_000_003 &+ sum
                    }
                }, tearDown: {
                    for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                })
            },
        ]
    }

    /// Registers the table through a client, then writes the rows into the
    /// server's log and current rows, and the floor's typed table.
    private func seed(_ database: String, server: SyncServerHost, directory: URL) throws {
        let registrar = try SyncClient(directory: directory, server: server.url)
        try registrar.start()
        try SyncFixture.waitUpToDate(registrar.engine, atLeast: 0)
        try registrar.close()
        let values = "'{\"id\":' || i || ',\"name\":\"item ' || i || '\",\"price\":{\"real\":\"' || (i + 0.25)::float8::text || '\"},\"qty\":' || (i % 1000) || '}'"
        try cluster.psql(database, """
            BEGIN;
            INSERT INTO plume_sync_log (seq, client, client_seq, tbl, op, key, vals)
                SELECT i, 'bench-seed', i, 'item', 1, '[' || i || ']', \(values) FROM generate_series(1, \(rows)) AS i;
            INSERT INTO plume_sync_row (tbl, key, vals, seq)
                SELECT 'item', '[' || i || ']', \(values), i FROM generate_series(1, \(rows)) AS i;
            UPDATE plume_sync_state SET head = \(rows);
            \(SyncFixture.postgresSchema);
            INSERT INTO item SELECT i, 'item ' || i, i + 0.25, i % 1000 FROM generate_series(1, \(rows)) AS i;
            COMMIT;
            """)
        try cluster.psql(database, "VACUUM ANALYZE")
    }

    /// The `sqlite3` shell (3.40.1 on Debian 12).
    static func findSQLiteShell() throws -> String {
        for path in ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"] where FileManager.default.isExecutableFile(atPath: path) { return path }
        throw SyncSpawn.Failure(message: "the sqlite3 shell is not installed (the floor of sync.bootstrap runs it): apt-get install sqlite3")
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
