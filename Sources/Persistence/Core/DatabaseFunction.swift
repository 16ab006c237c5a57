import CSQLite
import Foundation

/// A custom SQL function, scalar or aggregate, for ``Database/add(function:)``.
///
/// ```swift
/// let initials = DatabaseFunction("initials", argumentCount: 1, pure: true) { arguments in
///     guard case .text(let name) = arguments[0] else { return nil }
///     return String(name.split(separator: " ").compactMap(\.first))
/// }
/// try db.add(function: initials)
/// try String.fetchOne(db, sql: "SELECT initials('Ada Lovelace')") // "AL"
/// ```
///
/// An error the Swift closure throws becomes the SQL statement's error,
/// with its description as the message.
public final class DatabaseFunction: Sendable {
    /// The SQL name.
    public let name: String
    /// The number of arguments, or nil for any number.
    public let argumentCount: Int?
    /// Whether the result depends on the arguments only
    /// (`SQLITE_DETERMINISTIC`): such functions may be used in indexes on
    /// expressions and `CHECK` constraints. A pure function is registered
    /// as innocuous too (`SQLITE_INNOCUOUS`: no side effects), so that the
    /// schema may call it when the connection does not trust the schema
    /// (``Database/Configuration/trustsSchema``).
    public let isPure: Bool
    let kind: Kind

    enum Kind: Sendable {
        case scalar(@Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?)
        case aggregate(@Sendable () -> any DatabaseAggregate)
    }

    /// A scalar function.
    ///
    /// - Parameters:
    ///   - name: The SQL name.
    ///   - argumentCount: The number of arguments; nil for any number.
    ///   - pure: Whether the result depends on the arguments only.
    ///   - function: Computes the result; nil is SQL `NULL`.
    public init(_ name: String, argumentCount: Int? = nil, pure: Bool = false,
                function: @escaping @Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?) {
        self.name = name
        self.argumentCount = argumentCount
        self.isPure = pure
        self.kind = .scalar(function)
    }

    /// An aggregate function: a new `Aggregate` per group of rows.
    ///
    /// - Parameters:
    ///   - name: The SQL name.
    ///   - argumentCount: The number of arguments; nil for any number.
    ///   - pure: Whether the result depends on the arguments only.
    ///   - aggregate: The aggregate type.
    public init<Aggregate: DatabaseAggregate>(_ name: String, argumentCount: Int? = nil, pure: Bool = false,
                                              aggregate: Aggregate.Type) {
        self.name = name
        self.argumentCount = argumentCount
        self.isPure = pure
        self.kind = .aggregate { Aggregate() }
    }
}

/// The state of an aggregate function over one group of rows.
///
/// ```swift
/// struct Longest: DatabaseAggregate {
///     var longest = ""
///     mutating func step(_ arguments: [DatabaseValue]) throws {
///         if case .text(let text) = arguments[0], text.count > longest.count { longest = text }
///     }
///     func finalize() throws -> (any DatabaseValueConvertible)? { longest }
/// }
/// try db.add(function: DatabaseFunction("longest", argumentCount: 1, aggregate: Longest.self))
/// ```
public protocol DatabaseAggregate: SendableMetatype {
    /// A new, empty aggregate.
    init()
    /// Adds one row's arguments.
    ///
    /// - Throws: An error that fails the statement.
    mutating func step(_ arguments: [DatabaseValue]) throws
    /// The result for the group; nil is SQL `NULL`.
    ///
    /// - Throws: An error that fails the statement.
    func finalize() throws -> (any DatabaseValueConvertible)?
}

/// A custom collation, for ``Database/add(collation:)``: how `ORDER BY …
/// COLLATE name` and `=` compare two texts.
///
/// ```swift
/// try db.add(collation: DatabaseCollation("localized") { $0.localizedStandardCompare($1) })
/// ```
public final class DatabaseCollation: Sendable {
    /// The SQL name.
    public let name: String
    let compare: @Sendable (String, String) -> ComparisonResult

    /// A collation.
    ///
    /// - Parameters:
    ///   - name: The SQL name.
    ///   - compare: The order of two texts; it must be a total order.
    public init(_ name: String, compare: @escaping @Sendable (String, String) -> ComparisonResult) {
        self.name = name
        self.compare = compare
    }
}

extension Database {
    /// Registers a function on this connection (replacing one of the same
    /// name and argument count). For every connection of a queue or pool,
    /// register it in ``Configuration/prepareDatabase(_:)``.
    ///
    /// - Throws: ``DatabaseError`` when SQLite refuses it (a bad name, a
    ///   statement of this connection running).
    public func add(function: DatabaseFunction) throws {
        let handle = try checkOpen()
        let box = Unmanaged.passRetained(FunctionBox(function)).toOpaque()
        let flags = SQLITE_UTF8 | (function.isPure ? SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS : 0)
        let count = Int32(function.argumentCount ?? -1)
        let code: Int32
        switch function.kind {
        case .scalar:
            code = sqlite3_create_function_v2(handle, function.name, count, flags, box, functionCallback, nil, nil, releaseBox)
        case .aggregate:
            code = sqlite3_create_function_v2(handle, function.name, count, flags, box, nil, aggregateStep, aggregateFinal, releaseBox)
        }
        guard code == SQLITE_OK else { throw DatabaseError.lastError(of: handle, code: code) }
    }

    /// Registers a collation on this connection. For every connection of a
    /// queue or pool, register it in ``Configuration/prepareDatabase(_:)``.
    ///
    /// - Throws: ``DatabaseError`` when SQLite refuses it.
    public func add(collation: DatabaseCollation) throws {
        let handle = try checkOpen()
        let box = Unmanaged.passRetained(CollationBox(collation)).toOpaque()
        let code = sqlite3_create_collation_v2(handle, collation.name, SQLITE_UTF8, box, collationCallback, releaseCollationBox)
        guard code == SQLITE_OK else { throw DatabaseError.lastError(of: handle, code: code) }
    }
}

final class FunctionBox {
    let function: DatabaseFunction
    init(_ function: DatabaseFunction) { self.function = function }
}

final class CollationBox {
    let collation: DatabaseCollation
    init(_ collation: DatabaseCollation) { self.collation = collation }
}

/// An aggregate's state between steps, kept in SQLite's aggregate context.
final class AggregateBox {
    var aggregate: any DatabaseAggregate
    var failure: (any Error)?
    init(_ aggregate: any DatabaseAggregate) { self.aggregate = aggregate }
}

private func arguments(_ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) -> [DatabaseValue] {
    (0..<Int(count)).map { index in DatabaseValue(sqliteValue: values?[index]) }
}

private func setResult(_ context: OpaquePointer?, _ body: () throws -> (any DatabaseValueConvertible)?) {
    do {
        switch try body()?.databaseValue ?? .null {
        case .null: sqlite3_result_null(context)
        case .integer(let value): sqlite3_result_int64(context, value)
        case .real(let value): sqlite3_result_double(context, value)
        case .text(let text): sqlite3_result_text(context, text, -1, plume_sqlite_transient())
        case .blob(let data):
            data.withUnsafeBytes { sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), plume_sqlite_transient()) }
        }
    } catch {
        sqlite3_result_error(context, "\(error)", -1)
    }
}

private let functionCallback: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, count, values in
    let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
    guard case .scalar(let function) = box.function.kind else { return }
    setResult(context) { try function(arguments(count, values)) }
}

/// The aggregate of the current group, made on the first step.
private func aggregateBox(_ context: OpaquePointer?, creating: Bool) -> AggregateBox? {
    let size = creating ? Int32(MemoryLayout<UnsafeMutableRawPointer?>.size) : 0
    guard let slot = sqlite3_aggregate_context(context, size)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self) else { return nil }
    if let existing = slot.pointee { return Unmanaged<AggregateBox>.fromOpaque(existing).takeUnretainedValue() }
    guard creating else { return nil }
    let function = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
    guard case .aggregate(let make) = function.function.kind else { return nil }
    let box = AggregateBox(make())
    slot.pointee = Unmanaged.passRetained(box).toOpaque()
    return box
}

private let aggregateStep: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, count, values in
    guard let box = aggregateBox(context, creating: true), box.failure == nil else { return }
    do {
        try box.aggregate.step(arguments(count, values))
    } catch {
        box.failure = error
    }
}

private let aggregateFinal: @convention(c) (OpaquePointer?) -> Void = { context in
    let slot = sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    let box = slot?.pointee.map { Unmanaged<AggregateBox>.fromOpaque($0).takeRetainedValue() }
    let function = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
    guard case .aggregate(let make) = function.function.kind else { return }
    if let failure = box?.failure {
        sqlite3_result_error(context, "\(failure)", -1)
        return
    }
    // No rows: a fresh aggregate gives the empty group's result.
    let aggregate = box?.aggregate ?? make()
    setResult(context) { try aggregate.finalize() }
}

private let releaseBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
    if let pointer { Unmanaged<FunctionBox>.fromOpaque(pointer).release() }
}

private let releaseCollationBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
    if let pointer { Unmanaged<CollationBox>.fromOpaque(pointer).release() }
}

private let collationCallback: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?) -> Int32 = {
    pointer, count1, bytes1, count2, bytes2 in
    guard let pointer else { return 0 }
    let box = Unmanaged<CollationBox>.fromOpaque(pointer).takeUnretainedValue()
    let lhs = String(decoding: UnsafeRawBufferPointer(start: bytes1, count: Int(count1)), as: UTF8.self)
    let rhs = String(decoding: UnsafeRawBufferPointer(start: bytes2, count: Int(count2)), as: UTF8.self)
    switch box.collation.compare(lhs, rhs) {
    case .orderedAscending: return -1
    case .orderedDescending: return 1
    case .orderedSame: return 0
    }
}

extension DatabaseValue {
    /// The value of an `sqlite3_value` (a function's argument).
    init(sqliteValue value: OpaquePointer?) {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(value))
            self = .text(sqlite3_value_text(value).map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            self = .blob(sqlite3_value_blob(value).map { Data(bytes: $0, count: count) } ?? Data())
        default: self = .null
        }
    }
}
