import Foundation

/// Runs blocking work (waiting minutes for a child process such as `swiftc`
/// or a sweep in a process of its own) on a thread of its own, and awaits
/// its result.
///
/// Swift Testing runs every test, synchronous ones included, on the
/// cooperative thread pool, which has one thread per core: two on CI's
/// machines. A test that blocks one of those threads for minutes leaves the
/// other tests' tasks waiting for a thread, and their time limits expire
/// although nothing hangs. Awaiting this leaves the pool free.
public func onAThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
