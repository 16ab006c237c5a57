import FetchedResults
import Foundation
import Persistence

/// Encodes the JSON of `plume watch --format jsonl` as UTF-8 bytes, with
/// no string per value: ``JSONLine`` builds its lines with it, and the
/// initial event is written in pieces as it is encoded
/// (``writeInitial(_:write:)``), not built whole first.
struct JSONLineEncoder {
    private(set) var bytes: [UInt8] = []
    /// The last row layout seen (the rows of one fetch share theirs), and
    /// its members: each kept column's index and where its `"name":` lies
    /// in `keyBytes` (the first of two columns with one name wins).
    private var layout: RowLayout?
    private var members: [(index: Int, key: Range<Int>)] = []
    private var keyBytes: [UInt8] = []

    /// Appends the bytes of a string literal.
    mutating func appendLiteral(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a value: a number, a string, null, or `{"base64":"…"}`
    /// for a blob (see ``JSONLine/value(_:)``).
    mutating func append(_ value: DatabaseValue) {
        switch value {
        case .null: appendLiteral("null")
        case .integer(let integer): appendInteger(integer)
        case .real(let real) where real.isFinite:
            var text = real.description
            text.withUTF8 { bytes.append(contentsOf: $0) }
        case .real(let real) where real.isInfinite: real > 0 ? appendLiteral("9e999") : appendLiteral("-9e999")
        case .real: appendLiteral("null")
        case .text(var text): text.withUTF8 { appendString($0) }
        case .blob(let data):
            appendLiteral("{\"base64\":\"")
            bytes.append(contentsOf: data.base64EncodedData())
            appendLiteral("\"}")
        }
    }

    /// Appends a JSON string literal of UTF-8 text: `"`, `\` and control
    /// characters escaped, runs of other bytes copied whole.
    mutating func appendString(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for (index, byte) in text.enumerated() where byte < UInt8(ascii: " ") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "\""): appendLiteral("\\\"")
            case UInt8(ascii: "\\"): appendLiteral("\\\\")
            case UInt8(ascii: "\n"): appendLiteral("\\n")
            case UInt8(ascii: "\r"): appendLiteral("\\r")
            case UInt8(ascii: "\t"): appendLiteral("\\t")
            default:
                let digits: StaticString = "0123456789abcdef"
                appendLiteral("\\u00")
                bytes.append(digits.utf8Start[Int(byte >> 4)])
                bytes.append(digits.utf8Start[Int(byte & 0x0F)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a row as an object of its columns, in query order.
    mutating func append(_ row: Row) {
        let layout = row.layout
        if layout !== self.layout { adopt(layout) }
        let (members, keys, values) = (self.members, keyBytes, row.values)
        bytes.append(UInt8(ascii: "{"))
        for (position, member) in members.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: keys[member.key])
            append(values[member.index])
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Encodes the members' `"name":` keys of a new layout once.
    private mutating func adopt(_ layout: RowLayout) {
        self.layout = layout
        var seen: Set<String> = []
        var key = JSONLineEncoder()
        members = []
        for (index, name) in layout.columns.enumerated() where seen.insert(name).inserted {
            let start = key.bytes.count
            var name = name
            name.withUTF8 { key.appendString($0) }
            key.bytes.append(UInt8(ascii: ":"))
            members.append((index, start..<key.bytes.count))
        }
        keyBytes = key.bytes
    }

    /// Appends a decimal integer.
    mutating func appendInteger(_ value: Int64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Writes `{"event":"initial","sections":[…]}` and a newline through
    /// `write`, in pieces of about 64 KB as the rows are encoded.
    ///
    /// - Returns: False when `write` failed (the reader left).
    static func writeInitial(_ sections: [ListSection<Row>], write: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        var encoder = JSONLineEncoder()
        encoder.bytes.reserveCapacity(80 * 1024)
        func flush() -> Bool {
            defer { encoder.bytes.removeAll(keepingCapacity: true) }
            return encoder.bytes.withUnsafeBytes(write)
        }
        encoder.appendLiteral("{\"event\":\"initial\",\"sections\":[")
        for (sectionIndex, section) in sections.enumerated() {
            if sectionIndex > 0 { encoder.bytes.append(UInt8(ascii: ",")) }
            encoder.appendLiteral("{\"name\":")
            encoder.append(section.name)
            encoder.appendLiteral(",\"rows\":[")
            for (rowIndex, row) in section.items.enumerated() {
                if rowIndex > 0 { encoder.bytes.append(UInt8(ascii: ",")) }
                encoder.append(row)
                if encoder.bytes.count >= 64 * 1024, !flush() { return false }
            }
            encoder.appendLiteral("]}")
        }
        encoder.appendLiteral("]}\n")
        return flush()
    }
}
