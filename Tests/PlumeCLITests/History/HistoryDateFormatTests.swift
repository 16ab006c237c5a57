import Foundation
import PlumeTestSupport
import Testing
@testable import PlumeCLI

/// `plume history show` writes dates without Foundation's
/// `ISO8601DateFormatter` exactly as that formatter (internet date-time,
/// fractional seconds) wrote them, on seeded random dates: whole
/// milliseconds and dates read back from `julianday()`, before and after
/// 1970.
@Suite struct HistoryDateFormatTests {
    @Test func matchesISO8601DateFormatter() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SeededGenerator(seed: 3308)
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_780_000_000.5)]
        for _ in 0..<2000 {
            // Milliseconds from 1900 to 2100, and the same instant as a
            // Julian day read back, as history stores its clock.
            let milliseconds = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &generator)
            dates.append(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            let julianDay = Double(milliseconds) / 86_400_000 + 2_440_587.5
            dates.append(Date(timeIntervalSince1970: (julianDay - 2_440_587.5) * 86_400))
        }
        for date in dates {
            #expect(HistoryLine.internetDate(date) == formatter.string(from: date), "\(date.timeIntervalSince1970)")
        }
    }
}
