#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import Foundation
import Persistence

extension HistoryLine {
    /// A date as `2026-05-04T09:30:12.345Z`: UTC, to the nearest
    /// millisecond, as `ISO8601DateFormatter` with internet date-time and
    /// fractional seconds writes it. Computed with `gmtime_r`: that
    /// formatter would link all of Foundation into `plume`, and
    /// FoundationEssentials' `ISO8601FormatStyle` cuts the milliseconds
    /// (history dates come from `julianday()`, a hair below or above
    /// the millisecond they were taken at).
    static func internetDate(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.magnitude < 1e17 else { return "\(date.timeIntervalSince1970)" }
        let total = Int64(milliseconds)
        let (seconds, millisecond) = (total.quotientRoundingDown(1000), total.moduloRoundingDown(1000))
        var clock = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&clock, &parts) != nil else { return "\(date.timeIntervalSince1970)" }
        return String(cFormat: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int32(parts.tm_year) + 1900, Int32(parts.tm_mon) + 1,
                      Int32(parts.tm_mday), Int32(parts.tm_hour), Int32(parts.tm_min), Int32(parts.tm_sec), Int32(millisecond))
    }
}

private extension Int64 {
    /// The quotient rounded toward negative infinity (dates before 1970).
    func quotientRoundingDown(_ divisor: Int64) -> Int64 {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The remainder of ``quotientRoundingDown(_:)``, from 0 to divisor − 1.
    func moduloRoundingDown(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
