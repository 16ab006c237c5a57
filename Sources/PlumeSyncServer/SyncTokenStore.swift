import Foundation
import PlumeSyncProtocol

/// The tokens file, read again when it changed (checked at most once a
/// second), so that a token removed from it is refused from then on
/// without a restart.
final class SyncTokenStore: Sendable {
    private struct State {
        var tokens: SyncTokens
        var modified: Date?
        var size: Int?
        var checked: ContinuousClock.Instant
    }

    let path: String
    private let state: SyncMutex<State>

    /// Reads the file.
    ///
    /// - Throws: ``SyncServerError`` when it cannot be read or parsed.
    init(path: String) throws {
        self.path = path
        let (tokens, modified, size) = try Self.read(path)
        state = SyncMutex(State(tokens: tokens, modified: modified, size: size, checked: .now))
    }

    /// The access of `token`, from the file as it is now.
    func access(for token: String) -> SyncAccess? {
        let tokens = state.withLock { state -> SyncTokens in
            let now = ContinuousClock.now
            if now - state.checked >= .seconds(1) {
                state.checked = now
                let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                let modified = attributes?[.modificationDate] as? Date
                let size = (attributes?[.size] as? NSNumber)?.intValue
                if modified != state.modified || size != state.size, let read = try? Self.read(path) {
                    (state.tokens, state.modified, state.size) = read
                }
            }
            return state.tokens
        }
        return tokens.access(for: token)
    }

    private static func read(_ path: String) throws -> (SyncTokens, Date?, Int?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SyncServerError("cannot read the tokens file \(path)")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let tokens = try SyncTokens(parsing: String(decoding: data, as: UTF8.self), source: path)
        return (tokens, attributes?[.modificationDate] as? Date, (attributes?[.size] as? NSNumber)?.intValue)
    }
}
