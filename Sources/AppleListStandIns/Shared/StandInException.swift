import Foundation

/// An exception a stand-in raises where the real framework raises an
/// Objective-C exception (and the app ends): recorded by the view that
/// raised it, so that a test can check that none was raised, or that the
/// documented one was.
///
/// The stand-ins never trap: after recording an exception a view reloads
/// everything from its data source, so that a test can go on and report
/// every failure, not only the first.
public struct StandInException: Error, Sendable, Equatable, CustomStringConvertible {
    /// The exception's name, as the framework names it.
    public struct Name: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `NSInternalInconsistencyException`: UIKit's invalid batch
        /// updates, unregistered cell identifiers, a reconfigure that
        /// dequeues another kind of cell; a table whose data source
        /// disagrees with it.
        public static let internalInconsistency = Name(rawValue: "NSInternalInconsistencyException")
        /// `NSRangeException`: an index out of bounds.
        public static let range = Name(rawValue: "NSRangeException")
    }

    /// What kind of exception.
    public var name: Name
    /// Why: the framework's message, where it is known, with the indexes
    /// concerned.
    public var reason: String

    /// Creates an exception.
    public init(_ name: Name, _ reason: String) {
        self.name = name
        self.reason = reason
    }

    public var description: String { "\(name.rawValue): \(reason)" }
}

extension IndexPath {
    /// The section of a list index path (the stand-ins read the indexes
    /// directly: `section` and `row` come from UIKit and AppKit, and from
    /// FetchedResults on Linux).
    var sectionIndex: Int { self[0] }
    /// The row (or item) of a list index path.
    var rowIndex: Int { self[1] }

    /// A list index path.
    init(standInRow row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// `[section, row]`.
    var standInText: String { "[\(sectionIndex), \(rowIndex)]" }
}
