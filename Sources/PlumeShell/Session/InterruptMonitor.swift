import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// State the SIGINT handler reads. A signal handler may only touch plain
// memory and async-signal-safe calls, so these are globals, not locked
// Swift objects.
// Safe: written only by the main thread while no statement runs and the
// handler is the only other reader; the handler only reads them, calls
// `write` and `sqlite3_interrupt` (which `sqlite3` itself calls from its
// SIGINT handler).
nonisolated(unsafe) private var interruptWakeUpWriter: Int32 = -1
nonisolated(unsafe) private var interruptConnection: OpaquePointer?
nonisolated(unsafe) private var interruptIsExecuting: Int32 = 0
nonisolated(unsafe) private var interruptCount: Int32 = 0

/// Turns Ctrl-C (SIGINT) into an interrupt of the running statement
/// (`sqlite3_interrupt`), or, while the shell waits for input, into a byte
/// on a pipe the line reader watches, so that it can clear the pending
/// statement. A script (input not from a terminal) stops after the
/// interrupted statement, as in `sqlite3`.
package final class InterruptMonitor {
    /// Read end of the pipe that receives a byte per Ctrl-C at the prompt.
    let wakeUpDescriptor: Int32

    /// Starts handling SIGINT instead of letting it terminate the process.
    init() {
        var descriptors: [Int32] = [-1, -1]
        _ = pipe(&descriptors)
        wakeUpDescriptor = descriptors[0]
        interruptWakeUpWriter = descriptors[1]
        _ = fcntl(descriptors[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(descriptors[1], F_SETFL, O_NONBLOCK)
        // A parent (a test runner, a script) may have blocked SIGINT.
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        signal(SIGINT) { _ in
            interruptCount += 1
            if interruptCount > 2 { _exit(1) } // as sqlite3: a third Ctrl-C in a row quits
            if interruptIsExecuting != 0 {
                if let connection = interruptConnection { sqlite3_interrupt(connection) }
            } else {
                var byte: UInt8 = 3
                _ = write(interruptWakeUpWriter, &byte, 1)
            }
        }
    }

    deinit {
        signal(SIGINT, SIG_DFL)
        close(wakeUpDescriptor)
        close(interruptWakeUpWriter)
        interruptWakeUpWriter = -1
    }

    /// The connection Ctrl-C interrupts.
    var connection: OpaquePointer? {
        get { interruptConnection }
        set { interruptConnection = newValue }
    }

    /// Runs `body` as a statement Ctrl-C interrupts.
    func whileExecuting<T>(_ body: () throws -> T) rethrows -> T {
        drain()
        interruptIsExecuting = 1
        defer { interruptIsExecuting = 0 }
        return try body()
    }

    /// Whether Ctrl-C was pressed since the last call.
    package func takeInterrupt() -> Bool {
        defer { interruptCount = 0 }
        return interruptCount > 0
    }

    /// Reads and discards pending Ctrl-C bytes; returns whether there were
    /// some.
    @discardableResult
    package func drain() -> Bool {
        var byte: UInt8 = 0
        var any = false
        while read(wakeUpDescriptor, &byte, 1) == 1 { any = true }
        return any
    }
}
