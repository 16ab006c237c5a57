import Foundation
import Hummingbird
import PlumeSyncProtocol

/// The HTTP endpoints (Documentation/SyncProtocol.md): connect, push,
/// changes, stream and bootstrap, all under `/v1`, all behind a bearer
/// token.
struct SyncRoutes: Sendable {
    let store: SyncStore
    let broadcaster: SyncHeadBroadcaster
    let tokens: SyncTokenStore
    let configuration: SyncServerConfiguration

    func router() -> Router<SyncRequestContext> {
        let router = Router(context: SyncRequestContext.self)
        router.add(middleware: SyncAuthMiddleware(tokens: tokens))
        router.post("v1/connect") { request, context in try await connect(request, context) }
        router.post("v1/push") { request, context in try await push(request, context) }
        router.get("v1/changes") { request, context in try await changes(request, context) }
        router.get("v1/stream") { request, context in try await stream(request, context) }
        router.get("v1/bootstrap") { request, context in try await bootstrap(request, context) }
        return router
    }

    // MARK: Endpoints

    private func connect(_ request: Request, _ context: SyncRequestContext) async throws -> Response {
        let access = context.access ?? SyncAccess(canWrite: false, tables: [])
        let body = try await decode(SyncConnectRequest.self, request)
        guard !body.client.isEmpty, body.client.utf8.count <= 200 else {
            throw SyncHTTPFailure(.badRequest, "client: expected the client's identifier (1 to 200 bytes)")
        }
        for table in body.tables {
            guard access.allows(table.name) else {
                throw SyncHTTPFailure(.forbidden, "this token may not use table \(table.name)")
            }
            guard !table.keyColumns.isEmpty else {
                throw SyncHTTPFailure(.badRequest, "table \(table.name) has no primary key: rows are matched across machines by their primary key")
            }
            if let reason = table.indistinguishableColumns { throw SyncHTTPFailure(.badRequest, reason) }
            var registered = try await store.schema(of: table.name)
            if registered == nil {
                guard access.canWrite else {
                    throw SyncHTTPFailure(.forbidden, "table \(table.name) is not on the server and a read-only token cannot add it")
                }
                registered = try await store.register(table)
            }
            if let registered, let mismatch = table.mismatch(with: registered) {
                throw SyncHTTPFailure(.conflict, "schema mismatch: \(mismatch)")
            }
        }
        let acknowledged = try await store.acknowledged(body.client)
        let (head, floor) = try await store.state()
        return try json(SyncConnectResponse(head: head, floor: floor, acknowledged: acknowledged, canWrite: access.canWrite))
    }

    private func push(_ request: Request, _ context: SyncRequestContext) async throws -> Response {
        let access = context.access ?? SyncAccess(canWrite: false, tables: [])
        guard access.canWrite else {
            throw SyncHTTPFailure(.forbidden, "this token is read-only: it may not push changes")
        }
        let body = try await read(request) { try $0.readPushRequest() }
        var schemas: [String: SyncTableSchema] = [:]
        for table in Set(body.changes.map(\.table)) where access.allows(table) {
            schemas[table] = try await store.schema(of: table)
        }
        try SyncPushValidator(access: access, schemas: schemas).validate(body)
        guard !body.changes.isEmpty else {
            return try json(SyncPushResponse(acknowledged: try await store.acknowledged(body.client), head: try await store.state().head))
        }
        let response = try await store.push(client: body.client, after: body.after, changes: body.changes)
        broadcaster.publish(response.head)
        return try json(response)
    }

    private func changes(_ request: Request, _ context: SyncRequestContext) async throws -> Response {
        let query = try ReadQuery(request, access: context.access, maximumPageSize: configuration.maximumPageSize)
        let page = try await store.changes(after: query.after, tables: query.tables, requester: query.client, limit: query.limit)
        // The client asks after what it applied: that is how far it
        // pulled (this page may never reach it).
        if let client = query.client { try await store.recordPulled(client: client, upTo: query.after) }
        return .json(page.json)
    }

    private func stream(_ request: Request, _ context: SyncRequestContext) async throws -> Response {
        let query = try ReadQuery(request, access: context.access, maximumPageSize: configuration.maximumPageSize)
        // Fails before the stream starts when the log was pruned.
        let first = try await store.changes(after: query.after, tables: query.tables, requester: query.client, limit: query.limit)
        let store = self.store, broadcaster = self.broadcaster, heartbeat = configuration.heartbeatInterval
        let tokens = self.tokens, token = context.token ?? "", access = context.access, logger = context.logger
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                let wake = broadcaster.subscribe()
                defer { broadcaster.unsubscribe(wake) }
                var page = first
                var reached = query.after
                // The first page was read before the subscription: read
                // once more before waiting, so that no push falls between.
                var subscribed = false
                // A stream ends when the instance shuts down, and when its
                // token was revoked or its access changed (the client's
                // next request learns why).
                logger.debug("stream opened after \(query.after)")
                defer { logger.debug("stream ended at \(reached)") }
                while !Task.isCancelled, !broadcaster.isClosed, tokens.access(for: token) == access {
                    if page.count > 0 || page.head > reached {
                        try await writer.write(ByteBuffer(string: "id: \(page.head)\nevent: changes\ndata: \(page.json)\n\n"))
                        reached = page.head
                        if let client = query.client { try? await store.recordPulled(client: client, upTo: reached) }
                    }
                    if subscribed, page.count < query.limit, await !wake.wait(timeout: heartbeat) {
                        // Caught up and nothing pushed: say we are alive.
                        logger.debug("stream alive at \(reached)")
                        try await writer.write(ByteBuffer(string: ": alive\n\n"))
                    }
                    subscribed = true
                    page = try await store.changes(after: reached, tables: query.tables, requester: query.client, limit: query.limit)
                }
                try await writer.finish(nil)
            })
    }

    private func bootstrap(_ request: Request, _ context: SyncRequestContext) async throws -> Response {
        let access = context.access ?? SyncAccess(canWrite: false, tables: [])
        guard let table = request.uri.queryParameters.get("table"), !table.isEmpty else {
            throw SyncHTTPFailure(.badRequest, "table: name the table to bootstrap (?table=NAME)")
        }
        guard access.allows(table) else {
            throw SyncHTTPFailure(.forbidden, "this token may not use table \(table)")
        }
        guard try await store.schema(of: table) != nil else {
            throw SyncHTTPFailure(.notFound, "no table \(table) on the server")
        }
        let limit = try ReadQuery.limit(request, maximum: configuration.maximumBootstrapPageSize)
        let json = try await store.bootstrap(table: table, after: request.uri.queryParameters.get("after"), limit: limit,
                                             maximumBytes: configuration.maximumBootstrapPageBytes)
        return .json(json)
    }

    // MARK: Bodies

    /// Reads the whole body, at most the configured size, with Plume's own
    /// reader (``SyncJSONReader``).
    private func read<T>(_ request: Request, _ read: (inout SyncJSONReader) throws -> T) async throws -> T {
        let buffer = try await collectBody(request)
        do {
            return try SyncJSONReader.decode(Array(buffer.readableBytesView), read)
        } catch let error as SyncJSONError {
            throw SyncHTTPFailure(.badRequest, "malformed request body: \(error)")
        }
    }

    /// Reads the whole body, at most the configured size.
    private func decode<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T {
        let buffer = try await collectBody(request)
        do {
            return try JSONDecoder().decode(type, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw SyncHTTPFailure(.badRequest, "malformed request body: \(Self.describe(error))")
        } catch {
            throw SyncHTTPFailure(.badRequest, "malformed request body: \(error)")
        }
    }

    /// The whole body, at most the configured size.
    private func collectBody(_ request: Request) async throws -> ByteBuffer {
        let maximum = configuration.maximumBodySize
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maximum {
            throw SyncHTTPFailure(.contentTooLarge, "the request body is \(length) bytes: at most \(maximum) are accepted")
        }
        var buffer = ByteBuffer()
        for try await chunk in request.body {
            guard buffer.readableBytes + chunk.readableBytes <= maximum else {
                throw SyncHTTPFailure(.contentTooLarge, "the request body is larger than \(maximum) bytes, the most accepted")
            }
            var chunk = chunk
            buffer.writeBuffer(&chunk)
        }
        return buffer
    }

    private func json<T: Encodable>(_ value: T) throws -> Response {
        .json(String(decoding: try JSONEncoder().encode(value), as: UTF8.self))
    }

    /// A decoding error as a path and a reason: `changes[3].op: …`.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "the body" : text)
        }
        switch error {
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(type), found null"
        @unknown default:
            return "\(error)"
        }
    }
}

/// The query of a read (`changes`, `stream`): where to start, which
/// tables, how many changes a page.
struct ReadQuery {
    var after: Int64
    var tables: [String]?
    var limit: Int
    var client: String?

    init(_ request: Request, access: SyncAccess?, maximumPageSize: Int) throws {
        let parameters = request.uri.queryParameters
        guard let afterText = parameters.get("after"), let after = Int64(afterText), after >= 0 else {
            throw SyncHTTPFailure(.badRequest, "after: expected the server sequence number to read after (?after=0 for everything)")
        }
        self.after = after
        limit = try Self.limit(request, maximum: maximumPageSize)
        client = parameters.get("client")
        let access = access ?? SyncAccess(canWrite: false, tables: [])
        if let list = parameters.get("tables") {
            let names = list.split(separator: ",").map(String.init)
            if let refused = names.first(where: { !access.allows($0) }) {
                throw SyncHTTPFailure(.forbidden, "this token may not use table \(refused)")
            }
            tables = names
        } else {
            tables = access.tables.map { Array($0).sorted() }
        }
    }

    static func limit(_ request: Request, maximum: Int) throws -> Int {
        guard let text = request.uri.queryParameters.get("limit") else { return maximum }
        guard let limit = Int(text), limit > 0 else {
            throw SyncHTTPFailure(.badRequest, "limit: expected a positive number of changes")
        }
        return min(limit, maximum)
    }
}
