import Foundation
import PlumeSyncProtocol

/// The tokens file, read again whenever it changed (one `stat` a request:
/// its inode, size and modification time), so that a token removed from
/// it is refused from the next request on, without a restart. A file
/// that cannot be read or parsed any more keeps the tokens read last (and
/// is tried again at the next request).
final class SyncTokenStore: Sendable {
    /// What identifies one version of the file.
    private struct Version: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }

    private struct State {
        var tokens: SyncTokens
        var version: Version?
    }

    let path: String
    private let state: SyncMutex<State>

    /// Reads the file.
    ///
    /// - Throws: ``SyncServerError`` when it cannot be read or parsed.
    init(path: String) throws {
        self.path = path
        let version = Self.version(of: path)
        state = SyncMutex(State(tokens: try Self.read(path), version: version))
    }

    /// The access of `token`, from the file as it is now.
    func access(for token: String) -> SyncAccess? {
        let version = Self.version(of: path)
        let tokens = state.withLock { state -> SyncTokens in
            if version != state.version, let tokens = try? Self.read(path) {
                state.tokens = tokens
                state.version = version
            }
            return state.tokens
        }
        return tokens.access(for: token)
    }

    private static func read(_ path: String) throws -> SyncTokens {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SyncServerError("cannot read the tokens file \(path)")
        }
        return try SyncTokens(parsing: String(decoding: data, as: UTF8.self), source: path)
    }

    private static func version(of path: String) -> Version? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Version(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                       seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
    }
}
