import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock and CPU time, for `.timer on`.
struct ResourceClock {
    var wall: Double
    var user: Double
    var system: Double

    /// The current times.
    static func now() -> ResourceClock {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        var time = timeval()
        gettimeofday(&time, nil)
        return ResourceClock(wall: Double(time.tv_sec) + Double(time.tv_usec) / 1e6,
                             user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
    }

    private static func seconds(_ value: timeval) -> Double {
        Double(value.tv_sec) + Double(value.tv_usec) / 1e6
    }

    /// `Run Time: real 0.001 user 0.000412 sys 0.000000`, as `sqlite3`
    /// prints it.
    static func report(since start: ResourceClock) -> String {
        let end = now()
        return String(cFormat: "Run Time: real %.3f user %f sys %f\n",
                      end.wall - start.wall, end.user - start.user, end.system - start.system)
    }
}
