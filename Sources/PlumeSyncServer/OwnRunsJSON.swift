/// The `own` member of a changes page: the requester's own changes as
/// runs of consecutive server and client sequence numbers
/// (``SyncOwnChanges``), built a change at a time in server order.
struct OwnRunsJSON {
    private var text = ""
    private var run: (sequence: Int64, count: Int64, clientSequence: Int64)?

    /// Adds the next own change: it extends the current run when both its
    /// numbers follow the run's last ones.
    mutating func add(sequence: Int64, clientSequence: Int64) {
        if let current = run, sequence == current.sequence + current.count, clientSequence == current.clientSequence + current.count {
            run?.count += 1
            return
        }
        flush()
        run = (sequence, 1, clientSequence)
    }

    /// Appends `,"own":[…]` to `json`, nothing when there was no own change.
    mutating func finish(into json: inout String) {
        flush()
        guard !text.isEmpty else { return }
        json += ",\"own\":[" + text + "]"
    }

    private mutating func flush() {
        guard let current = run else { return }
        if !text.isEmpty { text += "," }
        text += "{\"seq\":\(current.sequence),\"count\":\(current.count),\"client_seq\":\(current.clientSequence)}"
        run = nil
    }
}
