import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

/// The update hook's cache of table names answers what building the name
/// afresh answers, through random runs over more tables than it keeps and
/// buffers whose bytes change under the same address (a schema reloaded).
@Suite struct UpdateHookTableNamesTests {
    @Test(arguments: [34, 3401, 77] as [UInt64])
    func namesMatchTheNameBuiltAfresh(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let spellings = ["photo", "Photo", "PHOTO", "plume_history", "Album", "ÉTÉ", "été", "a", "ab", "b", "x_y", "photo2"]
        // Six fixed buffers: more than the cache keeps, each rewritten now
        // and then with another name in place.
        let buffers = (0..<6).map { _ in UnsafeMutablePointer<CChar>.allocate(capacity: 64) }
        defer { buffers.forEach { $0.deallocate() } }
        func write(_ name: String, into buffer: UnsafeMutablePointer<CChar>) {
            let bytes = Array(name.utf8CString)
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        for buffer in buffers { write(spellings.randomElement(using: &generator)!, into: buffer) }
        var names = UpdateHookTableNames()
        for step in 0..<5_000 {
            let buffer = buffers[Int.random(in: 0..<buffers.count, using: &generator)]
            if Int.random(in: 0..<20, using: &generator) == 0 { write(spellings.randomElement(using: &generator)!, into: buffer) }
            let expected = String(cString: buffer).sqlNameKey()
            #expect(names.key(of: UnsafePointer(buffer)) == expected, "seed \(seed), step \(step)")
        }
    }
}
