#if canImport(Glibc)
import Glibc

/// A mutual-exclusion lock over a `pthread_mutex_t` (NSLock, on Linux,
/// would link full Foundation, CoreFoundation and ICU into every program
/// that uses Plume). Shared with Plume's other modules.
package final class Lock: @unchecked Sendable {
    // Safe: the mutex lives at a fixed address for the lock's lifetime.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() {
        pthread_mutex_lock(mutex)
    }

    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
#else
import Foundation

/// Foundation's lock where Foundation is the system's.
package typealias Lock = NSLock
#endif
