#if canImport(Glibc)
import Glibc
#endif

/// How the `plume` process asks the C allocator to return memory.
///
/// glibc serves an allocation above its mmap threshold (128 KiB at
/// start) with its own `mmap`, returned to the system when freed, but it
/// raises the threshold to the size of every such block freed, up to
/// 32 MiB. After the first 1 MB value is freed, every later one comes from
/// the heaps of the threads that allocate it, where freed blocks stay
/// (fragmented between live ones): `plume watch` over 1 MB values changed
/// by one byte grew from 73 to 144 MB in 400 commits while showing 20 MB of
/// rows. Fixing the threshold keeps large values in blocks of their own,
/// so the process's memory follows the rows shown (it stays at 92 MB for
/// the same run).
enum MemoryPolicy {
    /// glibc's `M_MMAP_THRESHOLD` (<malloc.h>).
    private static let mmapThreshold: Int32 = -3

    /// Applies the policy; call once, before any work.
    static func apply() {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module does
        // not import: found by name (nil on a C library without it).
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        // A null handle is glibc's RTLD_DEFAULT: the process's symbols.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        // A fixed threshold also turns the dynamic adjustment off.
        _ = mallopt(mmapThreshold, 128 * 1024)
        #endif
    }
}
