#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// zlib's `compress`, `uncompress` and `compressBound`, loaded from the
/// system's zlib when the shell first needs them (`sqlite3` links zlib
/// for its SQL archives; Plume does not link it).
struct Zlib: Sendable {
    typealias Compress = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?,
                                         UnsafePointer<UInt8>?, UInt) -> Int32
    typealias Bound = @convention(c) (UInt) -> UInt

    typealias Version = @convention(c) () -> UnsafePointer<CChar>?

    let compress: Compress
    let uncompress: Compress
    let compressBound: Bound
    /// `zlibVersion()`, as `.version` prints it.
    let version: String?

    /// zlib, or nil when no zlib library can be loaded.
    static let loaded: Zlib? = {
        for name in ["libz.so.1", "libz.so", "libz.1.dylib", "libz.dylib"] {
            guard let library = dlopen(name, RTLD_NOW) else { continue }
            guard let compress = dlsym(library, "compress"), let uncompress = dlsym(library, "uncompress"),
                  let bound = dlsym(library, "compressBound") else { continue }
            let version = dlsym(library, "zlibVersion").flatMap { unsafeBitCast($0, to: Version.self)() }.map { String(cString: $0) }
            return Zlib(compress: unsafeBitCast(compress, to: Compress.self),
                        uncompress: unsafeBitCast(uncompress, to: Compress.self),
                        compressBound: unsafeBitCast(bound, to: Bound.self), version: version)
        }
        return nil
    }()

    /// `compress` at zlib's default level, or nil on failure.
    func deflate(_ data: UnsafeRawBufferPointer) -> [UInt8]? {
        var size = compressBound(UInt(data.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let code = output.withUnsafeMutableBufferPointer {
            compress($0.baseAddress, &size, data.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(data.count))
        }
        return code == 0 ? Array(output.prefix(Int(size))) : nil
    }

    /// `uncompress` into at most `capacity` bytes, or nil on failure.
    func inflate(_ data: UnsafeRawBufferPointer, capacity: Int) -> [UInt8]? {
        var size = UInt(capacity)
        var output = [UInt8](repeating: 0, count: capacity)
        let code = output.withUnsafeMutableBufferPointer {
            uncompress($0.baseAddress, &size, data.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(data.count))
        }
        return code == 0 ? Array(output.prefix(Int(size))) : nil
    }
}
