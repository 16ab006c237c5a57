/// A server that cannot start or go on: a bad tokens file, PostgreSQL URL
/// or listen address.
public struct SyncServerError: Error, CustomStringConvertible, Sendable {
    /// What is wrong.
    public let message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
