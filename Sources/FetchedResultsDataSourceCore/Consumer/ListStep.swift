import FetchedResults
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One operation on a sectioned list, in the coordinates of the list as it
/// is when the operation runs (all earlier steps applied).
///
/// This is how AppKit's `NSTableView` (and any list without batch
/// semantics) applies changes: each call sees the effect of the previous
/// ones. ``ListBatch/steps()`` turns a batch into such a sequence.
public enum ListStep<Item: Sendable>: Sendable {
    /// Refresh the row at an index path with new content.
    case reloadRow(IndexPath, Item)
    /// Remove the row at an index path.
    case deleteRow(IndexPath)
    /// Remove the section at an index, with its rows.
    case deleteSection(Int)
    /// Insert a section, with its rows, at an index.
    case insertSection(Int, ListSection<Item>)
    /// Insert a row at an index path.
    case insertRow(IndexPath, Item)
    /// Move a row: remove it at `from`, then insert it so that it ends at
    /// `to` (the `moveRow(at:to:)` of `NSTableView`).
    case moveRow(from: IndexPath, to: IndexPath)
}

extension ListStep: CustomStringConvertible {
    public var description: String {
        switch self {
        case .reloadRow(let path, let item): "reload \(path.listText) \(item)"
        case .deleteRow(let path): "delete \(path.listText)"
        case .deleteSection(let index): "delete section \(index)"
        case .insertSection(let index, let section): "insert section \(index) (\(section.items.count) rows)"
        case .insertRow(let path, let item): "insert \(path.listText) \(item)"
        case .moveRow(let from, let to): "move \(from.listText) → \(to.listText)"
        }
    }
}


