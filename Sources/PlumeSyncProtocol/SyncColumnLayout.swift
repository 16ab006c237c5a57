/// A table's columns, for reading row objects straight into arrays in
/// table order: no dictionary and no `String` per member.
///
/// Servers write a row's members sorted by column name (``SyncJSON``), so
/// the layout expects them in that order and compares each member's name
/// with the next expected column's bytes. A member out of that order, or
/// spelled with escapes, is looked up by name instead: the order is what
/// makes reading fast, not what makes it right.
package struct SyncColumnLayout: Sendable {
    /// The columns, in table order.
    package let columns: [String]
    /// The columns' UTF-8 bytes and table positions, in the order servers
    /// write them. A name JSON must escape (a quote, a backslash, a
    /// control character) has no bytes here: it is always read as a string.
    let expected: [(name: [UInt8]?, position: Int)]
    /// Every column's table position, by name.
    let positions: [String: Int]

    /// A layout of `columns`, in table order.
    package init(columns: [String]) {
        self.columns = columns
        expected = columns.enumerated().sorted { $0.element < $1.element }.map { column in
            let bytes = Array(column.element.utf8)
            let needsEscapes = bytes.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
            return (needsEscapes ? nil : bytes, column.offset)
        }
        var positions: [String: Int] = [:]
        for (position, column) in columns.enumerated() { positions[column] = position }
        self.positions = positions
    }
}

/// A bootstrap page (`GET /v1/bootstrap`) read into a table's column
/// order.
package struct SyncBootstrapColumns: Sendable {
    /// Each row's primary key values.
    package var keys: [[SyncValue]] = []
    /// The rows' values, row after row, ``SyncColumnLayout/columns``'s
    /// count a row, in table order; `NULL` where a row has no such member.
    package var values: [SyncValue] = []
    /// The first member naming no column of the table, if any (the page's
    /// rows cannot be applied).
    package var unknownColumn: String?
    /// The server sequence number the page was read at.
    package var head: Int64 = 0
    /// The cursor of the next page, nil after the last.
    package var next: String?

    /// The number of rows.
    package var count: Int { keys.count }
}

extension SyncJSONReader {
    /// A bootstrap page, its rows read into `layout`'s column order.
    ///
    /// - Throws: ``SyncJSONError`` for malformed JSON or a shape other than
    ///   the protocol's; a member naming no column is not an error here
    ///   (``SyncBootstrapColumns/unknownColumn`` names it).
    package mutating func readBootstrapColumns(_ layout: SyncColumnLayout) throws -> SyncBootstrapColumns {
        var page = SyncBootstrapColumns()
        var sawRows = false, sawHead = false
        try readObject { reader, name in
            switch name {
            case "rows":
                sawRows = true
                page.keys = []
                page.values = []
                try reader.readArray { reader, _ in try reader.readBootstrapRow(layout, into: &page) }
            case "head":
                sawHead = true
                page.head = try reader.readInteger()
            case "next": page.next = try reader.readNull() ? nil : reader.readString()
            default: try reader.skipValue()
            }
        }
        guard sawRows else { throw missing("rows") }
        guard sawHead else { throw missing("head") }
        return page
    }

    /// One bootstrap row: its key, and its values appended to `page` in
    /// `layout`'s column order.
    private mutating func readBootstrapRow(_ layout: SyncColumnLayout, into page: inout SyncBootstrapColumns) throws {
        var key: [SyncValue]?, sawValues = false
        let start = page.values.count
        page.values.append(contentsOf: repeatElement(.null, count: layout.columns.count))
        try readObject { reader, name in
            switch name {
            case "key": key = try reader.readKey()
            case "values":
                sawValues = true
                try reader.readRow(layout, into: &page.values, at: start, unknown: &page.unknownColumn)
            default: try reader.skipValue()
            }
        }
        guard let key else { throw missing("key") }
        guard sawValues else { throw missing("values") }
        page.keys.append(key)
    }

    /// A row object: each member's value stored at its column's table
    /// position from `start` on; the first member naming no column of the
    /// layout is kept in `unknown` (and its value skipped).
    mutating func readRow(_ layout: SyncColumnLayout, into values: inout [SyncValue], at start: Int, unknown: inout String?) throws {
        guard try beginObject() else { return }
        var cursor = 0
        repeat {
            try expectMemberName()
            let position: Int?
            let name: String
            if cursor < layout.expected.count, let expected = layout.expected[cursor].name, matchesName(expected) {
                position = layout.expected[cursor].position
                name = layout.columns[layout.expected[cursor].position]
                index += expected.count + 2
                cursor += 1
            } else {
                name = try readString()
                position = layout.positions[name]
                // Back in step with the expected order after a member read
                // by name.
                if let position, let next = layout.expected.firstIndex(where: { $0.position == position }) { cursor = next + 1 }
            }
            if position == nil, unknown == nil { unknown = name }
            try readMember(name) { reader in
                if let position {
                    values[start + position] = try reader.readValue()
                } else {
                    try reader.skipValue()
                }
            }
        } while try continuesObject()
    }

    /// Whether the string at the reader is exactly `name` (no escapes):
    /// its opening quote, `name`'s bytes, and a closing quote.
    private func matchesName(_ name: [UInt8]) -> Bool {
        let end = index + 1 + name.count
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return false }
        for offset in 0..<name.count where bytes[index + 1 + offset] != name[offset] { return false }
        return true
    }
}
