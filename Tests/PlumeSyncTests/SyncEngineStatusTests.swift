import Foundation
import Persistence
import PlumeSync
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What ``SyncEngine/status`` says around `start()`.
@Suite struct SyncEngineStatusTests {
    /// A reader that subscribes once `start()` returned hears `pulling`
    /// first, not the `offline` of the engine before its start: `plume
    /// sync run --once` subscribes then, and took that `offline` for an
    /// unreachable server (exit 69) whenever the engine's task had not
    /// run yet, as on a loaded machine.
    @Test func aReaderSubscribingAfterStartHearsPullingFirst() async throws {
        let server = try SilentListener()
        defer { server.close() }
        let client = try ClientDatabase()
        for _ in 0..<20 {
            let engine = client.engine(server.url)
            #expect(engine.currentStatus == .offline)
            try await engine.start()
            var statuses = engine.status.makeAsyncIterator()
            // The server accepts the connection and never answers: the
            // first attempt is still under way.
            #expect(await statuses.next() == .pulling)
            #expect(engine.currentStatus == .pulling)
            await engine.stop(pushTimeout: .milliseconds(10))
            #expect(engine.currentStatus == .offline)
        }
    }
}

/// A loopback port whose connections the kernel accepts (the backlog) and
/// nobody ever answers.
private final class SilentListener: Sendable {
    let port: Int
    private let descriptor: Int32

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init() throws {
        (descriptor, port) = try boundLoopbackSocket(listening: true)
    }

    func close() {
        Glibc.close(descriptor)
    }
}
