import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// A row hashed in place by the scan must hash like the same row read as
/// values: the incremental path compares one with the other.
@Suite struct ContentHashTests {
    @Test func inPlaceHashEqualsValueHash() async throws {
        let dbQueue = try DatabaseQueue()
        defer { try? dbQueue.close() }
        let sql = """
            SELECT 1 AS id, 2.5 AS real, 'héllo wörld, a longer text' AS text, x'00ff10' AS blob, NULL AS missing, '' AS empty, -7 AS negative
            UNION ALL SELECT 2, 0.0, 'a', x'', NULL, 'b', 9223372036854775807
            """
        let (scanned, rows) = try await dbQueue.read { db in
            (try RowScanner.scan(FetchRequest(sql: sql), db, previous: nil, decoder: nil).rows, try Row.fetchAll(db, sql: sql))
        }
        #expect(Array(scanned.keys).map(\.contentHash) == rows.map(\.contentHash))
        #expect(Set(rows.map(\.contentHash)).count == 2)
        var changed = rows[0]
        changed = Row(layout: changed.layout, values: ContiguousArray(changed.values.enumerated().map { $0.offset == 2 ? .text("héllo wörld, a longer texT") : $0.element }))
        #expect(changed.contentHash != rows[0].contentHash)
    }

    /// Every byte of a text or blob counts, whatever its length and
    /// position, in the whole words and in the last partial one.
    @Test func everyByteOfEveryLengthChangesTheHash() {
        func hash(_ bytes: [UInt8], tag: UInt64) -> Int {
            var hash = ContentHash()
            bytes.withUnsafeBytes { hash.combine(bytes: $0, tag: tag) }
            return hash.value
        }
        for length in 1...40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let original = hash(bytes, tag: 4)
            var seen: Set<Int> = [original]
            for position in 0..<length {
                var changed = bytes
                changed[position] ^= 0x5A
                let changedHash = hash(changed, tag: 4)
                #expect(changedHash != original, "length \(length), byte \(position)")
                seen.insert(changedHash)
            }
            #expect(seen.count == length + 1, "length \(length)")
            // One more byte is another value.
            #expect(hash(bytes + [0], tag: 4) != original)
        }
    }

    /// The last partial word is read without copying (one shifted load of
    /// the last 8 bytes, or byte by byte under 8): it must equal the bytes
    /// copied into a zeroed word, for every length, offset into a larger
    /// buffer, and byte value.
    @Test func theLastPartialWordEqualsTheBytesCopied() {
        var generator = SeededGenerator(seed: 0x37)
        for _ in 0..<2_000 {
            let padding = Int.random(in: 0...9, using: &generator)
            let length = Int.random(in: 1...40, using: &generator)
            let buffer = (0..<(padding + length + 9)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            buffer.withUnsafeBytes { whole in
                let bytes = UnsafeRawBufferPointer(rebasing: whole[padding..<(padding + length)])
                let offset = length / 8 * 8
                guard offset < length else { return }
                var copied: UInt64 = 0
                withUnsafeMutableBytes(of: &copied) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
                #expect(ContentHash.lastWord(bytes, from: offset) == copied, "length \(length), padding \(padding)")
            }
        }
    }

    /// A text and a blob of the same bytes are different values, down to
    /// no bytes at all (`''` and `X''`), and so are the numbers and the
    /// texts and blobs spelling them.
    @Test func aTextAndABlobOfTheSameBytesDiffer() {
        for bytes in [[], [0x31], [0x61, 0x00, 0x62], Array("héllo wörld, a longer text".utf8)] as [[UInt8]] {
            var text = ContentHash(), blob = ContentHash()
            text.combine(.text(String(decoding: bytes, as: UTF8.self)))
            blob.combine(.blob(Data(bytes)))
            #expect(text.value != blob.value, "\(bytes)")
        }
        let values: [DatabaseValue] = [.null, .integer(0), .real(0), .text(""), .blob(Data()), .text("0"), .blob(Data([0x30]))]
        let hashes = values.map { value -> Int in
            var hash = ContentHash()
            hash.combine(value)
            return hash.value
        }
        #expect(Set(hashes).count == values.count)
    }
}
