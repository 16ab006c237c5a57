import Foundation
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

#if !canImport(UIKit) && !canImport(AppKit)
extension IndexPath {
    /// An index path of a row in a sectioned list.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section of a list index path.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item (row) of a list index path.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif

#if !canImport(UIKit)
extension IndexPath {
    /// An index path of a row in a sectioned list (UIKit's spelling).
    public init(row: Int, section: Int) {
        self.init(item: row, section: section)
    }

    /// The row of a list index path (UIKit's spelling of `item`).
    public var row: Int {
        get { item }
        set { item = newValue }
    }
}
#endif
