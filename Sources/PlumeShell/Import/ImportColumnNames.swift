/// The columns `.import` gives a table it creates from a header row, named
/// as `sqlite3` 3.40.1 names them: every column `TEXT`, an empty name
/// becomes `?`, and names that repeat (ignoring ASCII case) get `_N`, N
/// being the column's position.
///
/// Like `sqlite3`, the check for clashes pads N to the number of digits of
/// the column count, but the names it gives are not padded: with ten or
/// more columns, `a`, `A` and `a_1` still clash (`CREATE TABLE` then fails
/// as it does in `sqlite3`).
enum ImportColumnNames {
    /// The columns part of `CREATE TABLE`: `(\n"a" TEXT, "b" TEXT, …)`,
    /// four to a line, and the renames made (`"a" to "a_1",\n…`); nil
    /// without names.
    static func definition(_ headers: [[UInt8]]) -> (columns: [UInt8], renames: [UInt8]?)? {
        guard !headers.isEmpty else { return nil }
        let names = headers.map { $0.isEmpty ? [UInt8(ascii: "?")] : $0 }
        let keys = names.map(caseFolded)
        let hasDuplicates = Set(keys).count < keys.count
        var suffixes = [[UInt8]](repeating: [], count: names.count)
        if hasDuplicates {
            let repeated = keys.map { key in keys.filter { $0 == key }.count > 1 }
            let digits = String(names.count).count
            var zeros = 0
            while clash(names, repeated: repeated, zeros: zeros, width: digits) { zeros += 1 }
            for index in names.indices where repeated[index] {
                suffixes[index] = [UInt8(ascii: "_")] + [UInt8](repeating: UInt8(ascii: "0"), count: zeros)
                    + Array(String(index + 1).utf8)
            }
        }
        var columns = Array("(\n".utf8)
        for index in names.indices {
            if index > 0 { columns += Array((index % 4 > 0 ? ", " : ",\n ").utf8) }
            columns += SQLiteText.quoted(names[index] + suffixes[index], with: UInt8(ascii: "\"")) + Array(" TEXT".utf8)
        }
        columns.append(UInt8(ascii: ")"))
        guard hasDuplicates else { return (columns, nil) }
        let renames = names.indices.filter { !suffixes[$0].isEmpty }.map { index in
            SQLiteText.quoted(names[index], with: UInt8(ascii: "\"")) + Array(" to ".utf8)
                + SQLiteText.quoted(names[index] + suffixes[index], with: UInt8(ascii: "\""))
        }
        return (columns, Array(renames.joined(separator: Array(",\n".utf8))))
    }

    /// Whether two columns' names are equal (ignoring ASCII case) once the
    /// repeated ones get `_`, `zeros` zeros and their position padded to
    /// `width` digits.
    private static func clash(_ names: [[UInt8]], repeated: [Bool], zeros: Int, width: Int) -> Bool {
        let candidates = names.indices.map { index -> [UInt8] in
            guard repeated[index] else { return caseFolded(names[index]) }
            let position = String(index + 1)
            let padding = [UInt8](repeating: UInt8(ascii: "0"), count: zeros + max(0, width - position.count))
            return caseFolded(names[index] + [UInt8(ascii: "_")] + padding + Array(position.utf8))
        }
        return Set(candidates).count < candidates.count
    }

    /// ASCII letters in lower case (SQLite's `NOCASE`).
    private static func caseFolded(_ name: [UInt8]) -> [UInt8] {
        name.map(SQLiteText.lowercased)
    }
}
