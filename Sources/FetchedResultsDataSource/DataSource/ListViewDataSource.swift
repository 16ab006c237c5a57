import Foundation

/// The questions a list view asks its data source, as `UITableView` asks a
/// `UITableViewDataSource`: how many sections and rows, a section's title,
/// the cell of a row.
///
/// ``ArrayDataSource`` and ``FetchedResultsDataSource`` answer them; a
/// consumer that draws rows itself (``TerminalList``) asks them after each
/// batch, for the rows that changed.
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
}
