#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The questions a list view asks its data source, as `UITableView` asks a
/// `UITableViewDataSource`: how many sections and rows, a section's title,
/// the cell of a row.
///
/// ``ArrayDataSource`` and ``FetchedResultsDataSource`` answer them; a
/// consumer that draws rows itself (`TerminalList`) has the rows that
/// changed configured from the items the change set carries.
@MainActor
public protocol ListViewDataSource<Cell>: AnyObject {
    /// The kind of cell the list shows.
    associatedtype Cell

    /// The number of sections.
    var numberOfSections: Int { get }

    /// The number of rows in a section.
    func numberOfRows(inSection section: Int) -> Int

    /// The title of a section's header, or nil for none.
    func titleForHeader(inSection section: Int) -> String?

    /// The configured cell for a row, dequeued from `consumer`.
    ///
    /// - Parameters:
    ///   - consumer: The list that shows the cell.
    ///   - indexPath: The row.
    func cell(for consumer: any ListConsumer<Cell>, at indexPath: IndexPath) -> Cell

    /// A cell configured with an item the consumer already holds (one a
    /// change set carries), for the row it shows at `indexPath`; nil when
    /// the item is not of this data source's type.
    ///
    /// - Parameters:
    ///   - consumer: The list that shows the cell.
    ///   - item: The item, as the change set carries it.
    ///   - indexPath: The row's index path in the new state.
    func cell(for consumer: any ListConsumer<Cell>, configuredWith item: any Sendable, at indexPath: IndexPath) -> Cell?
}

extension ListViewDataSource {
    /// No configuration from items: consumers read rows by index path.
    public func cell(for consumer: any ListConsumer<Cell>, configuredWith item: any Sendable, at indexPath: IndexPath) -> Cell? {
        nil
    }
}
