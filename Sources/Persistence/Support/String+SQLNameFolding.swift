extension StringProtocol {
    /// The name with ASCII letters lowercased and every other character
    /// kept: how SQLite compares the names of tables, columns and triggers
    /// (`"Photo"` and `"PHOTO"` are one table; `"Été"` and `"été"` are
    /// two, because SQLite folds only ASCII).
    ///
    /// Swift's `lowercased()` folds all of Unicode, so two tables SQLite
    /// keeps apart would share a key; this is the key to use instead.
    package func sqlNameKey() -> String {
        var bytes = Array(utf8)
        var changed = false
        for index in bytes.indices where (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index]) {
            bytes[index] += 32
            changed = true
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : String(self)
    }
}
