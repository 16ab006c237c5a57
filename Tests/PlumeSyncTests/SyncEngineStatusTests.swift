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
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 64) == 0 else {
            Glibc.close(descriptor)
            throw SpawnFailure(message: "cannot listen: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        Glibc.close(descriptor)
    }
}
