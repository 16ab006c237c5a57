import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback TCP proxy in front of a server that cuts connections in the
/// middle of an answer: each of the first `cuts` connections is closed
/// both ways once `cutAfter` bytes of the server's answers went through
/// it (a page of a pull half received); later connections pass whole.
final class CuttingProxy: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let upstreamPort: Int
    private let cutAfter: Int
    private let lock = NSLock()
    private var cutsLeft: Int
    private var cutsMade = 0
    private var descriptors: Set<Int32> = []
    private var stopped = false

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// How many connections it cut so far.
    var cuts: Int { lock.withLock { cutsMade } }

    init(upstreamPort: Int, cuts: Int, cutAfter bytes: Int) throws {
        self.upstreamPort = upstreamPort
        cutsLeft = cuts
        cutAfter = bytes
        (listener, port) = try boundLoopbackSocket(listening: true)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting and closes every connection.
    func stop() {
        let open = lock.withLock { () -> Set<Int32> in
            stopped = true
            return descriptors
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: upstreamPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            let budget: Int? = lock.withLock {
                guard !stopped, connected == 0 else { return nil }
                descriptors.formUnion([client, upstream])
                if cutsLeft > 0 {
                    cutsLeft -= 1
                    return cutAfter
                }
                return Int.max
            }
            guard let budget else {
                close(client)
                close(upstream)
                continue
            }
            let link = Link(client: client, upstream: upstream)
            Thread.detachNewThread { [self] in pump(from: client, to: upstream, budget: Int.max, link) }
            Thread.detachNewThread { [self] in pump(from: upstream, to: client, budget: budget, link) }
        }
    }

    /// One proxied connection: both its sockets, closed by whichever of
    /// its two pumps ends last.
    private final class Link: @unchecked Sendable {
        let client: Int32, upstream: Int32
        var pumpsRunning = 2

        init(client: Int32, upstream: Int32) {
            self.client = client
            self.upstream = upstream
        }
    }

    /// Copies bytes until either side closes or `budget` bytes went
    /// through, then shuts the connection down both ways (which ends the
    /// other pump too).
    private func pump(from source: Int32, to destination: Int32, budget: Int, _ link: Link) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var left = budget
        while left > 0 {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, min($0.count, left)) }
            guard count > 0 else { break }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { send(destination, $0.baseAddress! + written, count - written, Int32(MSG_NOSIGNAL)) }
                guard result > 0 else { break }
                written += result
            }
            guard written == count else { break }
            left -= count
        }
        shutdown(link.client, Int32(SHUT_RDWR))
        shutdown(link.upstream, Int32(SHUT_RDWR))
        let last = lock.withLock { () -> Bool in
            if left == 0 { cutsMade += 1 }
            link.pumpsRunning -= 1
            guard link.pumpsRunning == 0 else { return false }
            descriptors.subtract([link.client, link.upstream])
            return true
        }
        if last {
            close(link.client)
            close(link.upstream)
        }
    }
}
