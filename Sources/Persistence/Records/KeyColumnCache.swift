/// The columns of the keys of a one-byte `CodingKey` type (a synthesized
/// `CodingKeys` enum, whose value is its case's tag) for one lent row
/// layout: what ``RowKeyedDecodingContainer`` finds for a key on the first
/// row, every later row reuses without asking the key its `stringValue`
/// (a protocol call and a string per property per row).
///
/// A one-byte value holds no reference, so its byte is all of it: two keys
/// with the same byte are the same key, with the same `stringValue`.
final class KeyColumnCache {
    /// Per key byte: the only column whose name equals the key's exactly,
    /// or ``noExactColumn``, ``severalExactColumns``, ``unresolved``.
    private let exact: UnsafeMutablePointer<Int>
    /// Per key byte: the column the layout's lookup by name finds, or -1.
    private let found: UnsafeMutablePointer<Int>

    static let unresolved = -3
    static let severalExactColumns = -2
    static let noExactColumn = -1

    init() {
        exact = .allocate(capacity: 256)
        exact.initialize(repeating: Self.unresolved, count: 256)
        found = .allocate(capacity: 256)
        found.initialize(repeating: -1, count: 256)
    }

    deinit {
        exact.deallocate()
        found.deallocate()
    }

    /// Whether keys of this type have a byte that is all of their value.
    static func applies<Key>(to type: Key.Type) -> Bool {
        MemoryLayout<Key>.size <= 1
    }

    /// The byte of a key of a type this cache ``applies(to:)``.
    @inline(__always)
    static func byte<Key>(of key: Key) -> Int {
        // A load of the byte, not a generic call (`withUnsafeBytes(of:)`
        // is not inlined into code generic over the key).
        MemoryLayout<Key>.size == 1 ? Int(unsafeBitCast(key, to: UInt8.self)) : 0
    }

    /// The column of the key with this byte when it is named exactly, or
    /// one of the markers; resolved on first use from the key's name and
    /// the layout that `source` gives.
    @inline(__always)
    func exactColumn(ofByte byte: Int, _ source: () -> (name: String, layout: RowLayout)) -> Int {
        let cached = exact[byte]
        if cached != Self.unresolved { return cached }
        let (name, layout) = source()
        return resolve(byte, name: name, layout: layout)
    }

    private func resolve(_ byte: Int, name: String, layout: RowLayout) -> Int {
        let matches = layout.columns.indices.filter { layout.columns[$0] == name }
        exact[byte] = matches.count > 1 ? Self.severalExactColumns : matches.first ?? Self.noExactColumn
        found[byte] = layout.index(ofColumn: name) ?? -1
        return exact[byte]
    }

    /// The column the lookup by name finds for the key with this byte,
    /// once ``exactColumn(ofByte:_:)`` resolved it.
    @inline(__always)
    func foundColumn(ofByte byte: Int) -> Int? {
        let column = found[byte]
        return column >= 0 ? column : nil
    }
}
