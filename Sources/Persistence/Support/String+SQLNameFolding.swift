extension StringProtocol {
    /// The name with ASCII letters lowercased and every other character
    /// kept: how SQLite compares the names of tables, columns and triggers
    /// (`"Photo"` and `"PHOTO"` are one table; `"Été"` and `"été"` are
    /// two, because SQLite folds only ASCII).
    ///
    /// Swift's `lowercased()` folds all of Unicode, so two tables SQLite
    /// keeps apart would share a key; this is the key to use instead.
    package func sqlNameKey() -> String {
        // Most names are already lowercase: no copy of their bytes.
        guard utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else { return String(self) }
        return String(decoding: utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
