/// `POST /v1/connect`: the client's identity and tables, checked against
/// the server's.
public struct SyncConnectRequest: Codable, Sendable {
    /// The client's identifier (a UUID it made once).
    public var client: String
    /// The tables the client syncs.
    public var tables: [SyncTableSchema]

    /// Creates a request.
    public init(client: String, tables: [SyncTableSchema]) {
        self.client = client
        self.tables = tables
    }
}

/// The answer to a connect.
public struct SyncConnectResponse: Codable, Sendable {
    /// The newest server sequence number.
    public var head: Int64
    /// Changes before this sequence number were pruned from the log: a
    /// client behind it bootstraps again.
    public var floor: Int64
    /// The last client sequence number the server applied for this client
    /// (0 when none).
    public var acknowledged: Int64
    /// Whether the token may push.
    public var canWrite: Bool

    /// Creates a response.
    public init(head: Int64, floor: Int64, acknowledged: Int64, canWrite: Bool) {
        self.head = head
        self.floor = floor
        self.acknowledged = acknowledged
        self.canWrite = canWrite
    }
}

/// `POST /v1/push`: local changes, oldest first.
public struct SyncPushRequest: Codable, Sendable {
    /// The client's identifier.
    public var client: String
    /// The client sequence number the server must have applied first, if
    /// any: a client with an earlier push still on its way sends the next
    /// one after it. When the server has not applied it yet, it applies
    /// nothing of this push and acknowledges what it has.
    public var after: Int64?
    /// The changes, by increasing ``SyncChange/clientSequence``.
    public var changes: [SyncChange]

    /// Creates a request.
    public init(client: String, after: Int64? = nil, changes: [SyncChange]) {
        self.client = client
        self.after = after
        self.changes = changes
    }
}

/// The answer to a push.
public struct SyncPushResponse: Codable, Sendable {
    /// Every change of this client up to this client sequence number is
    /// applied (those of this push that were already applied were skipped).
    public var acknowledged: Int64
    /// The newest server sequence number after the push.
    public var head: Int64
    /// The head before this push's changes, when the push appended any:
    /// they took the sequence numbers after it, up to ``head``. A client
    /// that had pulled exactly up to `base` has then pulled up to `head`
    /// (its own changes are already applied locally); nil when the push
    /// appended nothing.
    public var base: Int64?

    /// Creates a response.
    public init(acknowledged: Int64, head: Int64, base: Int64? = nil) {
        self.acknowledged = acknowledged
        self.head = head
        self.base = base
    }
}

/// `GET /v1/changes` and each event of `GET /v1/stream`: logged changes
/// after a server sequence number.
public struct SyncChangesResponse: Codable, Sendable {
    /// The changes, by increasing sequence number, without gaps but for
    /// tables the request left out and the requesting client's own
    /// changes (``own``).
    public var changes: [SyncLoggedChange]
    /// The requesting client's own changes in the page (the request named
    /// it with `client`), by increasing sequence number, as runs of
    /// numbers: the client has their keys and values already.
    public var own: [SyncOwnChanges]
    /// The server sequence number the client has reached once it applied
    /// these changes (at least the last change's).
    public var head: Int64

    /// Creates a response.
    public init(changes: [SyncLoggedChange], own: [SyncOwnChanges] = [], head: Int64) {
        self.changes = changes
        self.own = own
        self.head = head
    }

    /// How many logged changes the page holds: other clients' and the
    /// requester's own. A page of as many as the request's `limit` may
    /// have more after it.
    public var count: Int {
        own.reduce(changes.count) { $0 + Int($1.count) }
    }

    /// Reads a response; `own` may be absent (no own changes).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        changes = try container.decode([SyncLoggedChange].self, forKey: .changes)
        own = try container.decodeIfPresent([SyncOwnChanges].self, forKey: .own) ?? []
        head = try container.decode(Int64.self, forKey: .head)
    }
}

/// A run of the requesting client's own changes in a page: `count`
/// changes at consecutive server sequence numbers from ``sequence``, with
/// consecutive client sequence numbers from ``clientSequence``.
public struct SyncOwnChanges: Codable, Hashable, Sendable {
    /// The server sequence number of the run's first change.
    public var sequence: Int64
    /// How many changes the run holds (at least 1).
    public var count: Int64
    /// The client sequence number of the run's first change.
    public var clientSequence: Int64

    /// Creates a run.
    public init(sequence: Int64, count: Int64, clientSequence: Int64) {
        self.sequence = sequence
        self.count = count
        self.clientSequence = clientSequence
    }

    /// The client sequence number of the run's last change.
    public var lastClientSequence: Int64 { clientSequence + count - 1 }

    enum CodingKeys: String, CodingKey {
        case sequence = "seq", count, clientSequence = "client_seq"
    }
}

/// One current row, in a bootstrap page.
public struct SyncBootstrapRow: Codable, Sendable {
    /// The primary key values.
    public var key: [SyncValue]
    /// Every column.
    public var values: SyncRow

    /// Creates a row.
    public init(key: [SyncValue], values: SyncRow) {
        self.key = key
        self.values = values
    }
}

/// `GET /v1/bootstrap`: a page of one table's current rows.
public struct SyncBootstrapResponse: Codable, Sendable {
    /// The rows, in the server's key order.
    public var rows: [SyncBootstrapRow]
    /// The server sequence number the page was read at: the client pulls
    /// the log after the first page's.
    public var head: Int64
    /// The cursor for the next page (pass it as `after`), nil after the
    /// last page.
    public var next: String?

    /// Creates a page.
    public init(rows: [SyncBootstrapRow], head: Int64, next: String?) {
        self.rows = rows
        self.head = head
        self.next = next
    }
}

/// The body of every error answer.
public struct SyncErrorBody: Codable, Sendable {
    /// What is wrong, for people (the status code says what kind).
    public var error: String

    /// Creates a body.
    public init(error: String) {
        self.error = error
    }
}
