import Foundation
import NIOCore
import PostgresNIO

/// The push workloads: 100,000 rows inserted on a client in one
/// transaction (history with values, as sync enables it), until the
/// server acknowledged them all (the engine up to date at the new head,
/// nothing pending). Each trial has a fresh database, server and client,
/// up to date before the clock starts.
///
/// - `sync.push.100k` times the push alone: the rows are written while
///   the engine is stopped, and the clock runs from `start()` (a client
///   coming back online with 100,000 changes pending).
/// - `sync.commit.push.100k` times the local write too: the engine runs,
///   and the clock starts with the write's transaction.
///
/// The floor writes the same rows into an equivalent typed PostgreSQL
/// table with one `COPY item FROM STDIN` through postgres-nio. Both end by
/// counting the rows on the server. Goal: Plume's rate ≥ 50% of the
/// floor's (plume/floor ≤ 2×).
struct SyncPushWorkload: Workload {
    let name: String
    let rows: Int
    let cluster: SyncCluster
    /// Whether the clock includes the local write (the engine running).
    let timesLocalWrite: Bool

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let (cluster, rows) = (self.cluster, self.rows)
        let tokens = try SyncFixture.writeTokens(in: directory)
        return [
            Contestant(contender: .plume) {
                let database = try cluster.createDatabase("push")
                let server = try SyncServerHost.start(postgres: cluster.url(database), tokensPath: tokens)
                let client = try SyncClient(directory: directory, server: server.url)
                try client.start()
                try SyncFixture.waitUpToDate(client.engine, atLeast: 0)
                let timesLocalWrite = self.timesLocalWrite
                if !timesLocalWrite {
                    try client.stopEngine()
                    try client.insert(1..<(rows + 1))
                }
                return Trial(run: {
                    if timesLocalWrite {
                        try client.insert(1..<(rows + 1))
                    } else {
                        try client.start()
                    }
                    try SyncFixture.waitUpToDate(client.engine, atLeast: Int64(rows))
                    return try Self.serverChecksum(cluster, database, table: "plume_sync_row WHERE tbl = 'item' AND vals IS NOT NULL",
                                                   quantity: "(vals::json->>'qty')::bigint")
                }, tearDown: {
                    try client.close()
                    try server.stop()
                })
            },
            Contestant(contender: .floor) {
                let database = try cluster.createDatabase("pushfloor")
                try cluster.psql(database, SyncFixture.postgresSchema)
                let connection = try SyncFixture.connect(cluster, database)
                return Trial(run: {
                    try SyncFixture.blocking {
                        try await connection.copyFrom(table: "item", columns: ["id", "name", "price", "qty"], logger: SyncFixture.logger) { writer in
                            var buffer = ByteBuffer()
                            for id in 1...rows {
                                buffer.writeString("\(id)\t\(SyncFixture.name(id))\t\(SyncFixture.price(id))\t\(SyncFixture.quantity(id))\n")
                                if buffer.readableBytes > 256 << 10 {
                                    try await writer.write(buffer)
                                    buffer.clear()
                                }
                            }
                            if buffer.readableBytes > 0 { try await writer.write(buffer) }
                        }
                    }
                    return try Self.serverChecksum(cluster, database, table: "item", quantity: "qty")
                }, tearDown: {
                    try SyncFixture.blocking { try await connection.close() }
                })
            },
        ]
    }

    /// The count and sum of quantities of the rows on the server, combined
    /// as ``SyncClient/checksum()`` combines them.
    static func serverChecksum(_ cluster: SyncCluster, _ database: String, table: String, quantity: String) throws -> Int {
        let figures = try cluster.psql(database, "SELECT count(*) || ' ' || coalesce(sum(\(quantity)), 0) FROM \(table)").split(separator: " ")
        guard figures.count == 2, let count = Int(figures[0]), let sum = Int(figures[1]) else {
            throw SyncSpawn.Failure(message: "cannot read the server's rows of \(database)")
        }
        return count &* 1_000_003 &+ sum
    }
}
