import FetchedResults
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The sections of a ``ListDataSource``: counts, header titles and the
/// section index, answered from the state the list knows.
extension ListDataSource {
    /// The number of sections.
    public var numberOfSections: Int { snapshot.numberOfSections }

    /// The title of a section's header: its name as text, nil for an
    /// untitled (`NULL`) section.
    public func titleForHeader(inSection section: Int) -> String? {
        ListSection<Snapshot.Item>(name: snapshot.sectionName(at: section), items: []).title
    }

    /// The titles of the section index (the first letter of each section
    /// title, capitalized, once each, in section order), as Core Data
    /// offers them.
    ///
    /// - Complexity: O(s) for s sections.
    public var sectionIndexTitles: [String] {
        var seen: Set<String> = []
        return indexTitles.compactMap { $0 }.filter { seen.insert($0).inserted }
    }

    /// The section to scroll to when the user taps an index title: the
    /// first section with that index title, or the last one before it.
    ///
    /// - Parameters:
    ///   - title: The index title tapped.
    ///   - index: Its position in ``sectionIndexTitles``.
    /// - Complexity: O(s) for s sections.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        let indexTitles = self.indexTitles
        if let section = indexTitles.firstIndex(of: title) { return section }
        let titles = sectionIndexTitles
        guard index > 0, let previous = titles.prefix(index).last else { return 0 }
        return indexTitles.lastIndex(of: previous) ?? 0
    }

    private var indexTitles: [String?] {
        (0..<snapshot.numberOfSections).map {
            ListSection<Snapshot.Item>(name: snapshot.sectionName(at: $0), items: []).indexTitle
        }
    }
}

/// A data source that held its list as a snapshot: folded into
/// ``ListDataSource``, its only kind.
@available(*, deprecated, renamed: "ListDataSource")
public typealias SectionedDataSource = ListDataSource
