import Foundation
import PostgresNIO

/// How a sync server runs: its PostgreSQL database, its address, its
/// tokens and its limits.
public struct SyncServerConfiguration: Sendable {
    /// The PostgreSQL database, from a `postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE`
    /// URL (`?host=/dir` for a Unix socket folder).
    public var postgres: PostgresURL
    /// The host to listen on.
    public var host: String
    /// The port to listen on (0: any free port).
    public var port: Int
    /// The tokens file (``SyncTokens``).
    public var tokensPath: String
    /// The largest request body accepted, in bytes (larger: 413).
    public var maximumBodySize = 16 << 20
    /// The most changes a pull page or stream event carries.
    public var maximumPageSize = 5_000
    /// The most rows a bootstrap page carries.
    public var maximumBootstrapPageSize = 50_000
    /// How pushes write the current rows (tests compare both ways).
    var rowWrite = SyncStore.RowWrite.automatic
    /// The size, in bytes, past which a bootstrap page takes no more rows
    /// (it holds at least one, and its cursor says there is more).
    public var maximumBootstrapPageBytes = 8 << 20
    /// How long the log keeps changes that some client has not pulled yet:
    /// a client away longer bootstraps again.
    public var retention: Duration = .seconds(30 * 24 * 3600)
    /// How often an instance prunes the log and tombstones.
    public var pruneInterval: Duration = .seconds(60)
    /// How often a stream with nothing to send sends a comment, so that
    /// proxies and clients know it is alive.
    public var heartbeatInterval: Duration = .seconds(10)

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - postgres: The PostgreSQL URL.
    ///   - listen: `HOST:PORT`.
    ///   - tokensPath: The tokens file.
    /// - Throws: ``SyncServerError`` for a malformed URL or address.
    public init(postgres: String, listen: String, tokensPath: String) throws {
        self.postgres = try PostgresURL(postgres)
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]), (0...65_535).contains(port) else {
            throw SyncServerError("--listen \(listen): expected HOST:PORT, as 127.0.0.1:8080")
        }
        var host = String(listen[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host.isEmpty ? "0.0.0.0" : host
        self.port = port
        self.tokensPath = tokensPath
    }
}

/// A PostgreSQL connection URL, read into what postgres-nio needs.
public struct PostgresURL: Sendable {
    /// The host name or address, or nil for a Unix socket.
    public var host: String?
    /// The port.
    public var port: Int
    /// The Unix socket path, when no host is given.
    public var socketPath: String?
    /// The user.
    public var username: String
    /// The password, if any.
    public var password: String?
    /// The database (the user's name by default).
    public var database: String
    /// Reads `postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?host=/socket/dir]`.
    /// The connection is not encrypted: PostgreSQL is expected on the same
    /// machine or a private network (`sslmode=require` is refused).
    ///
    /// - Throws: ``SyncServerError`` naming what is missing.
    public init(_ text: String) throws {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? "") else {
            throw SyncServerError("--postgres \(text): expected postgresql://USER@HOST:PORT/DATABASE")
        }
        guard let user = components.user, !user.isEmpty else {
            throw SyncServerError("--postgres \(text): the URL names no user (postgresql://USER@HOST/DATABASE)")
        }
        username = user.removingPercentEncoding ?? user
        password = components.password?.removingPercentEncoding
        port = components.port ?? 5432
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? username : path
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        if let mode = query["sslmode"], !["disable", "allow", "prefer"].contains(mode) {
            throw SyncServerError("--postgres \(text): sslmode=\(mode) is not supported (connections to PostgreSQL are not encrypted)")
        }
        if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
            host = nil
            socketPath = "\(socketDirectory)/.s.PGSQL.\(port)"
        } else if let host = components.host, !host.isEmpty {
            self.host = host
            socketPath = nil
        } else {
            throw SyncServerError("--postgres \(text): the URL names no host")
        }
    }

    /// The pool's configuration.
    var clientConfiguration: PostgresClient.Configuration {
        var configuration = if let host {
            PostgresClient.Configuration(host: host, port: port, username: username, password: password, database: database,
                                         tls: .disable)
        } else {
            PostgresClient.Configuration(unixSocketPath: socketPath ?? "", username: username, password: password, database: database)
        }
        configuration.options.maximumConnections = 16
        // A push is acknowledged once committed: its commit must be on
        // disk by then, whatever the cluster's default (with
        // synchronous_commit off, a crash loses commits already answered).
        configuration.options.additionalStartupParameters = [("synchronous_commit", "on")]
        return configuration
    }

    /// A single connection's configuration (the listening one).
    var connectionConfiguration: PostgresConnection.Configuration {
        if let host {
            PostgresConnection.Configuration(host: host, port: port, username: username, password: password, database: database,
                                             tls: .disable)
        } else {
            PostgresConnection.Configuration(unixSocketPath: socketPath ?? "", username: username, password: password, database: database)
        }
    }
}
