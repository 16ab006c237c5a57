import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with `open` and `read`.
///
/// `FileManager.contents(atPath:)` leaks a 4 KB buffer for every empty
/// file on Linux (swift-foundation reads files that report a size of 0 in
/// chunks, and the empty result drops its buffer without freeing it), which
/// the migration-file fuzz target found under LeakSanitizer. Migration
/// folders and shell scripts meet empty files often enough to matter.
package enum FileBytes {
    /// The bytes of the file at `path`, or nil when it cannot be opened or
    /// read (a folder, a missing file, no permission).
    ///
    /// - Complexity: O(n) in the size of the file.
    package static func read(atPath path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                return nil
            }
        }
    }
}

/// `read(2)`, named apart from ``FileBytes/read(atPath:)``.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
