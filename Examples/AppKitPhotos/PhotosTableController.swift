#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
#elseif os(Linux)
import AppleListStandIns
#endif
import FetchedResults
import FetchedResultsDataSource
import Foundation
import Persistence

#if (canImport(AppKit) && !targetEnvironment(macCatalyst)) || os(Linux)

/// The same list in an `NSTableView`: albums as group rows, one call at a
/// time (the adapter does the index arithmetic `NSTableView` needs).
/// (On Linux it compiles against the AppKit stand-ins.)
@MainActor
public final class PhotosTableController {
    /// The table shown.
    public let tableView = NSTableView()
    private let dataSource: FetchedResultsDataSource<Photo, NSView>
    private let adapter: NSTableViewAdapter<FetchedResultsSnapshot<Photo>>

    /// A table of the store's photos by album.
    public init(store: PhotoStore) {
        let controller = FetchedResultsController<Photo>(database: store.database, request: PhotoStore.byAlbum)
        // With no view registered for "Cell", the adapter makes cell views
        // with a text field (reused by identifier): show the name in it.
        dataSource = FetchedResultsDataSource(controller: controller) { view, photo in
            (view as? NSTableCellView)?.textField?.stringValue = photo.name
        }
        tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name")))
        adapter = NSTableViewAdapter(tableView: tableView, dataSource: dataSource)
    }

    /// Fetches and follows the store.
    ///
    /// - Throws: What the controller's fetch throws.
    public func load() async throws {
        try await dataSource.performFetch()
    }
}
#endif
