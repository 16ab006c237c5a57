import PlumeSyncProtocol

/// One push's body: the oldest outbox entries that fit in a byte budget,
/// in the protocol's JSON (Documentation/SyncProtocol.md, "POST /v1/push").
///
/// A page holds at least one entry, however large: a change larger than
/// the server accepts is refused by the server (413), never split.
struct SyncPushPage {
    /// The body.
    private(set) var json: String
    /// How many entries it carries.
    private(set) var count = 0
    /// The first entry.
    private(set) var first: OutboxEntry?
    /// The client sequence number of the last entry.
    private(set) var lastSequence: Int64 = 0

    /// Builds the page of `entries` (oldest first) for `client`, stopping
    /// before the entry that would take the body past `maximumBytes`.
    ///
    /// - Parameter after: The client sequence number the server must have
    ///   applied first (the last of a push still on its way), if any.
    init(client: String, after: Int64? = nil, entries: some Sequence<OutboxEntry>, maximumBytes: Int) {
        json = "{\"client\":"
        SyncJSON.appendString(client, to: &json)
        if let after { json += ",\"after\":\(after)" }
        json += ",\"changes\":["
        var change = ""
        for entry in entries {
            change.removeAll(keepingCapacity: true)
            entry.appendJSON(to: &change)
            // The separator and the closing "]}".
            if count > 0, json.utf8.count + change.utf8.count + 3 > maximumBytes { break }
            if count > 0 { json += "," }
            json += change
            if count == 0 { first = entry }
            lastSequence = entry.sequence
            count += 1
        }
        json += "]}"
    }
}
