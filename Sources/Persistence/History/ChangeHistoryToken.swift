/// A position in a database's change history: everything recorded up to
/// and including one change. Ask for the changes after it with
/// ``Database/changeHistory(since:)``.
///
/// A token names its database (a random identifier made when the history
/// was first enabled), so a token of another database, or of a history
/// disabled and enabled again, is refused instead of read as if it fit.
/// Its text form, `DATABASE-ID:SEQUENCE`, is what `plume history show`
/// prints and `--since` reads.
public struct ChangeHistoryToken: Hashable, Sendable, Comparable, LosslessStringConvertible {
    /// The identifier of the history this token belongs to.
    public let databaseID: String
    /// The sequence number of the last change the token covers.
    public let sequence: Int64

    /// Creates a token.
    public init(databaseID: String, sequence: Int64) {
        self.databaseID = databaseID
        self.sequence = sequence
    }

    /// Reads the text form `DATABASE-ID:SEQUENCE`; nil when malformed.
    public init?(_ description: String) {
        guard let colon = description.lastIndex(of: ":"), colon != description.startIndex,
              let sequence = Int64(description[description.index(after: colon)...]), sequence >= 0
        else { return nil }
        self.init(databaseID: String(description[..<colon]), sequence: sequence)
    }

    /// The text form, `DATABASE-ID:SEQUENCE`.
    public var description: String { "\(databaseID):\(sequence)" }

    /// Orders tokens of one database by sequence.
    public static func < (lhs: ChangeHistoryToken, rhs: ChangeHistoryToken) -> Bool {
        (lhs.databaseID, lhs.sequence) < (rhs.databaseID, rhs.sequence)
    }
}
