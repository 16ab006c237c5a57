#if canImport(Darwin)
import Foundation
#else
import Glibc
#endif

/// Runs the main dispatch queue's work — the main actor's jobs, among
/// them a watched list's updates — while the shell, which reads its input
/// on the main thread, waits for a dot-command such as `.watch` to end.
enum MainQueue {
    /// Runs what the main queue holds, waiting up to `milliseconds` for
    /// work to arrive when it holds none.
    static func run(waitingAtMost milliseconds: Int32) {
        #if canImport(Darwin)
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: Double(milliseconds) / 1000))
        #else
        // libdispatch signals an eventfd when the main queue has work and
        // drains it on the calling thread from `_dispatch_main_queue_callback_4CF`:
        // the pair Foundation's RunLoop is built on, used here directly so
        // that `plume` does not link Foundation's run loop (CoreFoundation).
        // The callback leaves the eventfd's counter set: read it first.
        var descriptor = pollfd(fd: dispatchMainQueueHandle(), events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return }
        var counter: UInt64 = 0
        _ = read(descriptor.fd, &counter, MemoryLayout<UInt64>.size)
        dispatchMainQueueCallback(nil)
        #endif
    }
}

#if !canImport(Darwin)
/// libdispatch's eventfd that is readable while the main queue has work.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

/// Runs the main queue's work on the calling thread (the main thread).
@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)
#endif
