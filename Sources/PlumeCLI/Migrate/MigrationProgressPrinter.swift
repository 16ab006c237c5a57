import Dispatch
import Foundation
import Persistence

/// Shows migrations as they run.
///
/// On a terminal, each migration gets one line that shows a spinner, the
/// elapsed time and the line of the running statement while it runs (once
/// it has run for a moment), then a check mark and its time. Elsewhere
/// (pipes, files, CI logs) it prints one plain line per migration.
final class MigrationProgressPrinter: @unchecked Sendable {
    // Safe: every mutable property is read and written under `lock`; the
    // timer and the migrating thread both go through it.
    private let lock = Lock()
    private let isTerminal: Bool
    private let write: @Sendable (String) -> Void
    private var running: (name: String, line: Int?, start: ContinuousClock.Instant)?
    private var frame = 0
    private var timer: DispatchSourceTimer?

    /// How long a migration runs before the spinner shows.
    static let spinnerDelay: Duration = .milliseconds(300)
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    init(isTerminal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.isTerminal = isTerminal
        self.write = write
    }

    deinit {
        timer?.cancel()
    }

    /// Handles one event of the migrator.
    func handle(_ event: MigrationEvent) {
        switch event {
        case .started(let migration, _):
            lock.withLock { running = (migration.description, nil, ContinuousClock.now) }
            if isTerminal { startTimer() }
        case .statement(_, _, let line):
            lock.withLock { running?.line = line }
        case .finished(let migration, let direction, let milliseconds):
            stopTimer()
            let verb = direction == .up ? "applied" : "reverted"
            lock.withLock {
                // Under the lock, so a spinner frame never lands after it.
                running = nil
                if isTerminal {
                    write("\r\u{1B}[K✓ \(verb) \(migration) (\(Self.format(milliseconds: milliseconds)))\n")
                } else {
                    write("\(verb) \(migration) (\(milliseconds) ms)\n")
                }
            }
        }
    }

    /// Ends the line of a migration that failed.
    func failed() {
        stopTimer()
        lock.withLock {
            if isTerminal, let running { write("\r\u{1B}[K✗ \(running.name)\n") }
            running = nil
        }
    }

    /// Draws the spinner line of the running migration, if it has run long
    /// enough. Called by the timer.
    func renderProgress(now: ContinuousClock.Instant = .now) {
        lock.withLock {
            guard isTerminal, let running, now - running.start >= Self.spinnerDelay else { return }
            frame = (frame + 1) % Self.frames.count
            let elapsed = (now - running.start).components
            let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            var text = "\r\u{1B}[K\(Self.frames[frame]) \(running.name) \(String(cFormat: "%.1f", seconds)) s"
            if let line = running.line { text += " (statement at line \(line))" }
            write(text)
        }
    }

    private func startTimer() {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.renderProgress() }
        lock.withLock { self.timer = timer }
        timer.resume()
    }

    private func stopTimer() {
        let timer = lock.withLock { () -> DispatchSourceTimer? in
            defer { self.timer = nil }
            return self.timer
        }
        timer?.cancel()
    }

    static func format(milliseconds: Int64) -> String {
        milliseconds < 1000 ? "\(milliseconds) ms" : String(cFormat: "%.2f s", Double(milliseconds) / 1000)
    }
}
