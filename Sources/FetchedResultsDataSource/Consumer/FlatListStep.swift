import FetchedResults
import Foundation
import Persistence

/// A row of a flat list that shows a sectioned list: a section header (a
/// group row in `NSTableView`) or an item.
public enum FlatListRow<Item: Sendable>: Sendable {
    /// The header of a section, by the section's name.
    case header(DatabaseValue)
    /// An item.
    case item(Item)
}

/// One operation on a flat list, in the coordinates left by the operations
/// before it (`NSTableView`'s `removeRows`, `insertRows`, `moveRow`).
public enum FlatListStep<Item: Sendable>: Sendable {
    /// Refresh the row at an index.
    case reload(Int, FlatListRow<Item>)
    /// Remove the row at an index.
    case remove(Int)
    /// Insert a row at an index.
    case insert(Int, FlatListRow<Item>)
    /// Remove the row at `from` and insert it so that it ends at `to`.
    case move(from: Int, to: Int)
}

/// Where the rows of a sectioned list sit in a flat list, with or without
/// one header row per section.
public struct FlatListLayout: Sendable, Equatable {
    /// The number of rows of each section.
    public var rowCounts: [Int]
    /// Whether each section starts with a header row.
    public var showsSectionHeaders: Bool

    /// Creates a layout.
    public init(rowCounts: [Int], showsSectionHeaders: Bool) {
        self.rowCounts = rowCounts
        self.showsSectionHeaders = showsSectionHeaders
    }

    private var headerRows: Int { showsSectionHeaders ? 1 : 0 }

    /// The number of flat rows.
    public var count: Int { rowCounts.reduce(0, +) + rowCounts.count * headerRows }

    /// The flat index of a section's first row (its header, if shown).
    ///
    /// - Complexity: O(s) for s sections before it.
    public func start(ofSection section: Int) -> Int {
        rowCounts[..<section].reduce(0) { $0 + $1 + headerRows }
    }

    /// The flat index of a row.
    ///
    /// - Complexity: O(s) for s sections before it.
    public func index(of indexPath: IndexPath) -> Int {
        start(ofSection: indexPath.section) + headerRows + indexPath.item
    }

    /// What is at a flat index: a section's header (`item` nil) or a row.
    ///
    /// - Returns: The section and the row, or nil when out of bounds.
    /// - Complexity: O(s) for s sections.
    public func location(ofFlatIndex index: Int) -> (section: Int, item: Int?)? {
        guard index >= 0 else { return nil }
        var start = 0
        for (section, count) in rowCounts.enumerated() {
            let end = start + headerRows + count
            if index < end {
                let row = index - start - headerRows
                return (section, row < 0 ? nil : row)
            }
            start = end
        }
        return nil
    }
}

extension ListBatch {
    /// The batch as single operations on a flat list (see ``/FetchedResultsDataSourceCore/ListBatch/steps()``),
    /// sections shown as header rows when `showsSectionHeaders` is true.
    ///
    /// - Complexity: O(n·k + s·k) for n rows, s sections, k operations.
    public func flatSteps(showsSectionHeaders: Bool) -> [FlatListStep<Item>] {
        var layout = FlatListLayout(rowCounts: oldRowCounts, showsSectionHeaders: showsSectionHeaders)
        var flat: [FlatListStep<Item>] = []
        for step in steps() {
            switch step {
            case .reloadRow(let path, let item):
                flat.append(.reload(layout.index(of: path), .item(item)))
            case .deleteRow(let path):
                flat.append(.remove(layout.index(of: path)))
                layout.rowCounts[path.section] -= 1
            case .deleteSection(let section):
                let start = layout.start(ofSection: section)
                let end = layout.start(ofSection: section + 1)
                flat += (start..<end).reversed().map { .remove($0) }
                layout.rowCounts.remove(at: section)
            case .insertSection(let index, let section):
                var at = layout.start(ofSection: index)
                layout.rowCounts.insert(section.items.count, at: index)
                if showsSectionHeaders {
                    flat.append(.insert(at, .header(section.name)))
                    at += 1
                }
                flat += section.items.enumerated().map { .insert(at + $0.offset, .item($0.element)) }
            case .insertRow(let path, let item):
                layout.rowCounts[path.section] += 1
                flat.append(.insert(layout.index(of: path), .item(item)))
            case .moveRow(let from, let to):
                let source = layout.index(of: from)
                layout.rowCounts[from.section] -= 1
                layout.rowCounts[to.section] += 1
                flat.append(.move(from: source, to: layout.index(of: to)))
            }
        }
        return flat
    }
}
