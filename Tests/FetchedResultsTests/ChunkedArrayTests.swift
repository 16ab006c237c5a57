import PlumeTestSupport
import Testing
@testable import FetchedResults

/// The chunked storage against a plain array, through random edits that
/// split and drop chunks, with copies sharing chunks along the way.
@Suite struct ChunkedArrayTests {
    @Test(arguments: 0..<4)
    func randomEditsMatchAnArray(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var array = Array(0..<Int.random(in: 0..<5_000, using: &generator))
        var chunked = ChunkedArray(array)
        var copies: [(ChunkedArray<Int>, [Int])] = []
        var serialOfValue: [Int: Int] = [:]
        for step in 0..<3_000 {
            if !array.isEmpty && generator.chance(45) {
                let index = Int.random(in: 0..<array.count, using: &generator)
                #expect(chunked.remove(at: index) == array.remove(at: index))
            } else {
                let index = Int.random(in: 0...array.count, using: &generator)
                let value = 100_000 + step
                array.insert(value, at: index)
                let (serial, _) = chunked.insert(value, at: index)
                serialOfValue[value] = serial
            }
            if step % 500 == 0 { copies.append((chunked, array)) }
        }
        #expect(Array(chunked) == array)
        #expect(chunked.count == array.count)
        #expect(chunked.chunks.allSatisfy { !$0.isEmpty && $0.count <= ChunkedArray<Int>.maximumChunkSize })
        if !array.isEmpty {
            let range = (array.count / 3)..<(array.count / 2)
            #expect(chunked.elements(in: range) == Array(array[range]))
            #expect(chunked[array.count - 1] == array.last)
        }
        // Copies kept their own state while the original changed.
        for (copy, expected) in copies { #expect(Array(copy) == expected) }
        // Serials name the chunk holding a value until that chunk splits.
        let chunkIndex = Dictionary(uniqueKeysWithValues: chunked.serials.enumerated().map { ($1, $0) })
        for (value, serial) in serialOfValue {
            guard let chunk = chunkIndex[serial], chunked.chunks[chunk].contains(value) else { continue }
            #expect(array.contains(value))
        }
    }

    /// What a refetch does: rebuilds an array from runs of a previous one
    /// and new elements; whole chunks are shared, chunks stay bounded.
    @Test(arguments: 0..<4)
    func appendingRunsMatchesAnArrayAndSharesWholeChunks(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let previousArray = Array(0..<Int.random(in: 1..<20_000, using: &generator))
        let previous = ChunkedArray(chunking: previousArray)
        var rebuilt = ChunkedArray<Int>()
        var expected: [Int] = []
        var start = 0
        while start < previousArray.count {
            let end = min(previousArray.count, start + Int.random(in: 1..<3_000, using: &generator))
            rebuilt.append(contentsOf: previous, in: start..<end)
            expected += previousArray[start..<end]
            if generator.chance(50) {
                rebuilt.append(-start)
                expected.append(-start)
            }
            start = end + (generator.chance(30) ? 1 : 0)
        }
        #expect(Array(rebuilt) == expected)
        #expect(rebuilt.count == expected.count)
        #expect(rebuilt.chunks.allSatisfy { !$0.isEmpty && $0.count <= ChunkedArray<Int>.maximumChunkSize })
        let previousBuffers = Set(previous.chunks.map { $0.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } })
        let shared = rebuilt.chunks.filter { previousBuffers.contains($0.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }) }
        if previousArray.count >= 20 * ChunkedArray<Int>.initialChunkSize {
            #expect(!shared.isEmpty, "whole chunks are shared, not copied")
        }
    }
}
