import FetchedResults
import Foundation

/// A data source that holds its list as sections of items, and answers the
/// list's questions from them — never from a state the list has not been
/// told about yet.
@MainActor
public protocol SectionedDataSource<Item, Cell>: ListViewDataSource {
    /// The kind of item a row shows.
    associatedtype Item: Sendable

    /// The sections as the list knows them: the state of the last batch
    /// applied.
    var sections: [ListSection<Item>] { get }
}

extension SectionedDataSource {
    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The number of rows in a section.
    public func numberOfRows(inSection section: Int) -> Int {
        sections[section].items.count
    }

    /// The item of a row.
    ///
    /// - Precondition: The index path is in bounds.
    public func item(at indexPath: IndexPath) -> Item {
        sections[indexPath.section].items[indexPath.item]
    }

    /// The title of a section's header: its name as text, nil for an
    /// untitled (`NULL`) section.
    public func titleForHeader(inSection section: Int) -> String? {
        sections[section].title
    }

    /// The titles of the section index (the first letter of each section
    /// title, capitalized, once each, in section order), as Core Data
    /// offers them.
    ///
    /// - Complexity: O(s) for s sections.
    public var sectionIndexTitles: [String] {
        var seen: Set<String> = []
        return sections.compactMap(\.indexTitle).filter { seen.insert($0).inserted }
    }

    /// The section to scroll to when the user taps an index title: the
    /// first section with that index title, or the last one before it.
    ///
    /// - Parameters:
    ///   - title: The index title tapped.
    ///   - index: Its position in ``sectionIndexTitles``.
    /// - Complexity: O(s) for s sections.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        if let section = sections.firstIndex(where: { $0.indexTitle == title }) { return section }
        let titles = sectionIndexTitles
        let before = titles.indices.contains(index) ? titles[..<index] : titles[...]
        guard let previous = before.last else { return 0 }
        return sections.lastIndex { $0.indexTitle == previous } ?? 0
    }
}
