import FetchedResults
import Foundation
import Persistence

/// `idle.watch`: how often a process that observes a database with nothing
/// written wakes up: the context switches of all its threads
/// (`getrusage`), per second, over 5 seconds with a controller observing a
/// file database. Plume waits on file events, so the figure should stay
/// under 1 (the former 50 ms polling woke about 40 times a second).
enum IdleWorkload {
    static let name = "idle.watch"
    static let seconds = 5.0

    static func run(in directory: URL, json: Bool) throws {
        let path = directory.appendingPathComponent("idle.sqlite").path
        try RawSQLite.makeFilledDatabase(at: path, photos: PhotoFixture.photos(count: 1_000))
        let observer = try PlumeObserver(path: path, request: FetchRequest(table: "photo", sortedBy: [.ascending("name")]))
        Thread.sleep(forTimeInterval: 0.5)
        let before = contextSwitches()
        Thread.sleep(forTimeInterval: seconds)
        let perSecond = Double(contextSwitches() - before) / seconds
        try observer.close()
        if json {
            print("{\"name\":\"\(name)\",\"wakeups_per_second\":\(String(format: "%.2f", perSecond))}")
        } else {
            print("\(name): \(String(format: "%.2f", perSecond)) context switches per second, all threads, observing with nothing written")
        }
    }

    /// Voluntary and involuntary context switches of the whole process,
    /// minus the one the measuring thread's own sleep costs.
    private static func contextSwitches() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage.ru_nvcsw + usage.ru_nivcsw - 1
    }
}
