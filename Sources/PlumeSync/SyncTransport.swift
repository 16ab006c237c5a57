import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PlumeSyncProtocol

/// The protocol's requests over HTTP (Documentation/SyncProtocol.md).
final class SyncTransport: Sendable {
    let server: URL
    private let token: String
    private let http: HTTPClient
    /// The largest answer read, in bytes.
    private let maximumResponseSize = 256 << 20

    init(server: URL, token: String) {
        self.server = server
        self.token = token
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(60))
        http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    func shutdown() async {
        try? await http.shutdown()
    }

    func connect(_ request: SyncConnectRequest) async throws -> SyncConnectResponse {
        try await send("POST", "v1/connect", body: String(decoding: try JSONEncoder().encode(request), as: UTF8.self))
    }

    /// What became of a push.
    enum PushOutcome {
        /// The server applied it.
        case accepted(SyncPushResponse)
        /// The body is larger than the server accepts (413): the server's
        /// message.
        case tooLarge(String)
    }

    /// Pushes a body already in JSON (``SyncPushPage``).
    func push(json: String) async throws -> PushOutcome {
        let response = try await execute(makeRequest("POST", "v1/push", query: [], body: json))
        if response.status == .payloadTooLarge { return .tooLarge(try await failure(response).message) }
        return .accepted(try await answer(response, to: "v1/push") { try JSONDecoder().decode(SyncPushResponse.self, from: Data($0)) })
    }

    func changes(after sequence: Int64, tables: [String], client: String, limit: Int) async throws -> SyncChangesResponse {
        try await send("GET", "v1/changes", query: readQuery(after: sequence, tables: tables, client: client) + [("limit", "\(limit)")]) {
            try $0.readChangesResponse()
        }
    }

    /// A bootstrap page of `table`, its rows read into the table's column
    /// order.
    func bootstrap(_ table: SyncTable, after cursor: String?, limit: Int) async throws -> SyncBootstrapColumns {
        var query = [("table", table.name), ("limit", "\(limit)")]
        if let cursor { query.append(("after", cursor)) }
        return try await send("GET", "v1/bootstrap", query: query) { try $0.readBootstrapColumns(table.layout) }
    }

    /// Opens the live stream after `sequence` and calls `onChanges` for
    /// each event, until the stream ends (an error) or the task is
    /// cancelled.
    func stream(after sequence: Int64, tables: [String], client: String, idleTimeout: Duration,
                onChanges: (SyncChangesResponse) async throws -> Void) async throws {
        let request = makeRequest("GET", "v1/stream", query: readQuery(after: sequence, tables: tables, client: client), body: nil)
        let response = try await execute(request)
        guard response.status == .ok else { throw try await failure(response) }
        var parser = ServerSentEventParser()
        for try await chunk in response.body {
            for event in parser.feed(chunk.readableBytesView) where event.name == "changes" {
                let changes: SyncChangesResponse
                do {
                    changes = try SyncJSONReader.decode(Array(event.data.utf8)) { try $0.readChangesResponse() }
                } catch {
                    throw SyncError(.unavailable, "the server sent a stream event that is not a changes page: \(error)")
                }
                try await onChanges(changes)
            }
        }
        throw SyncError(.unavailable, "the server closed the stream")
    }

    // MARK: Requests

    private func readQuery(after sequence: Int64, tables: [String], client: String) -> [(String, String)] {
        [("after", "\(sequence)"), ("tables", tables.joined(separator: ",")), ("client", client)]
    }

    private func makeRequest(_ method: String, _ path: String, query: [(String, String)], body: String?) -> HTTPClientRequest {
        var components = URLComponents(url: server.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        // `+` would read as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        var request = HTTPClientRequest(url: components.url!.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        return request
    }

    private func execute(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        do {
            return try await http.execute(request, timeout: .seconds(60))
        } catch let error as SyncError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw SyncError(.unavailable, "cannot reach the server at \(server.absoluteString): \(error)")
        }
    }

    private func send<T: Decodable>(_ method: String, _ path: String, query: [(String, String)] = [], body: String? = nil) async throws -> T {
        try await exchange(method, path, query: query, body: body) { bytes in
            try JSONDecoder().decode(T.self, from: Data(bytes))
        }
    }

    /// Sends a request and reads its answer's body with `read`.
    private func send<T>(_ method: String, _ path: String, query: [(String, String)] = [], body: String? = nil,
                         read: (inout SyncJSONReader) throws -> T) async throws -> T {
        try await exchange(method, path, query: query, body: body) { bytes in
            try SyncJSONReader.decode(bytes, read)
        }
    }

    /// Sends a request and decodes its answer's bytes with `decode`.
    private func exchange<T>(_ method: String, _ path: String, query: [(String, String)], body: String?,
                             decode: ([UInt8]) throws -> T) async throws -> T {
        try await answer(try await execute(makeRequest(method, path, query: query, body: body)), to: path, decode: decode)
    }

    /// Decodes an answer's bytes with `decode`, or throws the error a
    /// status other than 200 stands for.
    private func answer<T>(_ response: HTTPClientResponse, to path: String, decode: ([UInt8]) throws -> T) async throws -> T {
        guard response.status == .ok else { throw try await failure(response) }
        let bytes: ByteBuffer
        do {
            bytes = try await response.body.collect(upTo: maximumResponseSize)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw SyncError(.unavailable, "the server's answer to \(path) was cut: \(error)")
        }
        do {
            return try decode(Array(bytes.readableBytesView))
        } catch {
            throw SyncError(.unavailable, "the server's answer to \(path) is not what the protocol says: \(error)")
        }
    }

    /// The error an answer other than 200 stands for.
    private func failure(_ response: HTTPClientResponse) async throws -> SyncError {
        let bytes = try? await response.body.collect(upTo: 1 << 20)
        let message = bytes.flatMap { try? JSONDecoder().decode(SyncErrorBody.self, from: Data($0.readableBytesView)).error }
            ?? "HTTP \(response.status.code)"
        switch response.status.code {
        case 401: return SyncError(.unauthorized, "the server refused the token (401): it is wrong or was revoked")
        case 403: return SyncError(.forbidden, message)
        case 409: return SyncError(.schemaMismatch, message)
        case 410: return SyncError(.logPruned, message)
        case 400, 404, 413: return SyncError(.badRequest, message)
        default: return SyncError(.unavailable, "the server failed (\(response.status.code)): \(message)")
        }
    }
}

/// Reads `text/event-stream` (the WHATWG server-sent events format):
/// `event:` and `data:` lines, events ended by a blank line, comments
/// (`:`) skipped.
struct ServerSentEventParser {
    struct Event {
        var name: String
        var data: String
    }

    private var buffer: [UInt8] = []
    /// How far `buffer` was searched for a blank line.
    private var scanned = 0

    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
        buffer.append(contentsOf: bytes)
        var events: [Event] = []
        var start = 0
        while let end = blockEnd(from: start) {
            if let event = Self.event(in: buffer[start..<end.start]) { events.append(event) }
            start = end.next
        }
        if start > 0 {
            buffer.removeFirst(start)
            scanned = max(scanned - start, 0)
        }
        return events
    }

    /// The event one block holds, nil when it has no data. Read as bytes:
    /// a page of changes is one long `data:` line.
    private static func event(in block: ArraySlice<UInt8>) -> Event? {
        var name = "message"
        var data: [UInt8] = []
        var hasData = false
        var index = block.startIndex
        while index < block.endIndex {
            // One line: up to "\n", "\r\n" or "\r".
            var end = index
            while end < block.endIndex, block[end] != 10, block[end] != 13 { end += 1 }
            let line = block[index..<end]
            index = end
            if index < block.endIndex {
                index += block[index] == 13 && index + 1 < block.endIndex && block[index + 1] == 10 ? 2 : 1
            }
            guard let first = line.first, first != UInt8(ascii: ":") else { continue }
            let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
            var value = line[colon...].dropFirst()
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
            let field = line[..<colon]
            if field.elementsEqual("data".utf8) {
                if hasData { data.append(10) }
                data.append(contentsOf: value)
                hasData = true
            } else if field.elementsEqual("event".utf8) {
                name = String(decoding: value, as: UTF8.self)
            }
        }
        return hasData ? Event(name: name, data: String(decoding: data, as: UTF8.self)) : nil
    }

    /// Where the first blank line after `start` ends a block: the block's
    /// end and where the next starts.
    private mutating func blockEnd(from start: Int) -> (start: Int, next: Int)? {
        var index = max(scanned - 2, start)
        while index + 1 < buffer.count {
            if buffer[index] == 10, buffer[index + 1] == 10 { return (index, index + 2) }
            if buffer[index] == 10, buffer[index + 1] == 13, index + 2 < buffer.count, buffer[index + 2] == 10 { return (index, index + 3) }
            index += 1
        }
        scanned = buffer.count
        return nil
    }
}
