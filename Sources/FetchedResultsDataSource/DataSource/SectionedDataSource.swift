import FetchedResults
import Foundation

/// A data source that holds its list as a snapshot, and answers the list's
/// questions from it — never from a state the list has not been told about
/// yet.
@MainActor
public protocol SectionedDataSource<Snapshot, Cell>: ListViewDataSource {
    /// The state the data source holds.
    associatedtype Snapshot: ListSnapshot

    /// The state as the list knows it: the state of the last batch applied.
    var snapshot: Snapshot { get }
}

extension SectionedDataSource {
    /// The number of sections.
    public var numberOfSections: Int { snapshot.numberOfSections }

    /// The number of rows in a section.
    public func numberOfRows(inSection section: Int) -> Int {
        snapshot.numberOfItems(inSection: section)
    }

    /// The item of a row.
    ///
    /// - Throws: What the snapshot throws when the row cannot load (see
    ///   `FetchedResultsSnapshot.object(at:)`); never for an array.
    /// - Precondition: The index path is in bounds.
    public func item(at indexPath: IndexPath) throws -> Snapshot.Item {
        try snapshot.item(at: indexPath)
    }

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
