import Foundation

// UIKit (iOS, tvOS, visionOS) and AppKit (macOS) give `IndexPath` its list
// members (`section`, `item`, UIKit's `row`). FetchedResults imports
// neither, so that it builds the same everywhere, and declares the members
// it uses itself: internal where a framework has them (clients keep the
// framework's, with no ambiguity), public where none does (Linux; `row`
// on macOS), so that clients write the same code on every platform. The
// two blocks for `section` and `item` differ only in access level, which
// Swift cannot make conditional.

#if canImport(UIKit) || canImport(AppKit)
extension IndexPath {
    /// An index path of a row in a sectioned list.
    init(item: Int, section: Int) {
        self.init(listItem: item, section: section)
    }

    /// The section of a list index path.
    var section: Int {
        get { listSection }
        set { listSection = newValue }
    }

    /// The item (row) of a list index path.
    var item: Int {
        get { listItem }
        set { listItem = newValue }
    }
}
#else
extension IndexPath {
    /// An index path of a row in a sectioned list.
    public init(item: Int, section: Int) {
        self.init(listItem: item, section: section)
    }

    /// The section of a list index path.
    public var section: Int {
        get { listSection }
        set { listSection = newValue }
    }

    /// The item (row) of a list index path.
    public var item: Int {
        get { listItem }
        set { listItem = newValue }
    }
}
#endif

#if !canImport(UIKit)
extension IndexPath {
    /// An index path of a row in a sectioned list (UIKit's spelling).
    public init(row: Int, section: Int) {
        self.init(listItem: row, section: section)
    }

    /// The row of a list index path (UIKit's spelling of `item`).
    public var row: Int {
        get { listItem }
        set { listItem = newValue }
    }
}
#endif

extension IndexPath {
    /// A two-index path: section, then item.
    init(listItem: Int, section: Int) {
        self.init(indexes: [section, listItem])
    }

    /// The first index: the section.
    var listSection: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The second index: the item (row).
    var listItem: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
