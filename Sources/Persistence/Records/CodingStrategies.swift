import Foundation

/// How an ``InsertableRecord`` stores its `Date` properties (set
/// ``InsertableRecord/databaseDateEncodingStrategy``).
///
/// It is the one setting a record that both reads and writes needs: its
/// ``FetchableRecord/databaseDateDecodingStrategy`` follows it
/// (``decodingStrategy``), so the record reads back what it writes. A
/// ``Table(_:primaryKey:)`` record always reads dates as it writes them.
///
/// ```swift
/// struct Event: Codable, FetchableRecord, PersistableRecord {
///     static var databaseDateEncodingStrategy: DatabaseDateEncodingStrategy { .millisecondsSince1970 }
///     var id: Int64
///     var startsAt: Date      // stored and read as INTEGER milliseconds
/// }
/// ```
public enum DatabaseDateEncodingStrategy: Sendable, Hashable {
    /// ISO-8601 text in UTC as SQLite's date functions write it,
    /// `YYYY-MM-DD HH:MM:SS.SSS`: it sorts in time order and compares
    /// with `datetime('now')`. The default.
    case iso8601
    /// A REAL number of seconds since 1970-01-01 UTC (`unixepoch()`).
    case timeIntervalSince1970
    /// An INTEGER number of milliseconds since 1970-01-01 UTC.
    case millisecondsSince1970

    /// The decoding strategy that reads what this one writes: numbers as
    /// milliseconds for ``millisecondsSince1970``, as seconds otherwise.
    @inlinable
    public var decodingStrategy: DatabaseDateDecodingStrategy {
        switch self {
        case .iso8601: .iso8601
        case .timeIntervalSince1970: .timeIntervalSince1970
        case .millisecondsSince1970: .millisecondsSince1970
        }
    }
}

/// How a `Decodable` ``FetchableRecord`` reads its `Date` properties (set
/// ``FetchableRecord/databaseDateDecodingStrategy``). Text is always read
/// as a date (`YYYY-MM-DD[ HH:MM[:SS[.SSS]]]`, `T` or space, `Z` after a time);
/// the strategy says what a number means.
public enum DatabaseDateDecodingStrategy: Sendable, Hashable {
    /// Date text; numbers are seconds since 1970. The default.
    case iso8601
    /// Numbers are seconds since 1970 (text is read as date text).
    case timeIntervalSince1970
    /// Numbers are milliseconds since 1970 (text is read as date text).
    case millisecondsSince1970

    /// Whether a number is read as milliseconds.
    @usableFromInline
    var readsMilliseconds: Bool { self == .millisecondsSince1970 }
}

/// How an ``InsertableRecord`` stores its `UUID` properties (set
/// ``InsertableRecord/databaseUUIDEncodingStrategy``). Decoding reads
/// every form.
public enum DatabaseUUIDEncodingStrategy: Sendable, Hashable {
    /// A 16-byte blob. The default.
    case bytes
    /// Text, `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
    case uppercaseString
    /// Text, `e621e1f8-c36c-495a-93fc-0c247a3e6e5f`.
    case lowercaseString
}

/// The strategies a record encodes with.
@usableFromInline
struct RecordEncodingStrategies {
    @usableFromInline var dates: DatabaseDateEncodingStrategy = .iso8601
    @usableFromInline var uuids: DatabaseUUIDEncodingStrategy = .bytes

    @usableFromInline
    init(dates: DatabaseDateEncodingStrategy = .iso8601, uuids: DatabaseUUIDEncodingStrategy = .bytes) {
        self.dates = dates
        self.uuids = uuids
    }

    /// A date as stored.
    @usableFromInline
    func databaseValue(of date: Date) -> DatabaseValue {
        switch dates {
        case .iso8601: .text(SQLiteDateFormat.text(from: date))
        case .timeIntervalSince1970: .real(date.timeIntervalSince1970)
        case .millisecondsSince1970: .integer(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        }
    }

    /// A UUID as stored.
    @usableFromInline
    func databaseValue(of uuid: UUID) -> DatabaseValue {
        switch uuids {
        case .bytes: uuid.databaseValue
        case .uppercaseString: .text(uuid.uuidString)
        case .lowercaseString: .text(uuid.uuidString.lowercased())
        }
    }

    /// A JSON encoder for nested values, writing dates as the record does.
    func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch dates {
        case .iso8601:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(SQLiteDateFormat.text(from: date))
            }
        case .timeIntervalSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        }
        return encoder
    }
}

extension DatabaseDateDecodingStrategy {
    /// A date from a stored value; nil when it is not one.
    @usableFromInline
    func date(from value: DatabaseValue) -> Date? {
        switch value {
        case .integer(let number) where readsMilliseconds: Date(timeIntervalSince1970: Double(number) / 1000)
        case .real(let number) where readsMilliseconds: Date(timeIntervalSince1970: number / 1000)
        default: Date.fromDatabaseValue(value)
        }
    }

    /// A JSON decoder for nested values, reading dates as the record does.
    func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        let strategy = self
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self), let date = SQLiteDateFormat.date(from: text) { return date }
            if let number = try? container.decode(Double.self) {
                return Date(timeIntervalSince1970: strategy.readsMilliseconds ? number / 1000 : number)
            }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a date: expected date text or a number")
        }
        return decoder
    }
}
