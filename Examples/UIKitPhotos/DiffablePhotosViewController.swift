#if canImport(UIKit) && !os(watchOS)
import UIKit
#elseif os(Linux)
import AppleListStandIns
#endif
import FetchedResults
import FetchedResultsDataSource
import Foundation
import Persistence

#if (canImport(UIKit) && !os(watchOS)) || os(Linux)

/// The photo list through a `UITableViewDiffableDataSource`: the same
/// data source and cells as ``PhotosViewController``, shown by a
/// ``TableViewDiffableAdapter``, which turns each change set into one
/// snapshot keyed by the photos' ids (sections by album). A photo that
/// becomes a favorite changes its kind of cell, so its row is reloaded;
/// one renamed keeps its cell and is reconfigured. Swipe to delete works
/// as in ``PhotosViewController``.
/// (On Linux it compiles against the UIKit stand-ins.)
@MainActor
public final class DiffablePhotosViewController: UITableViewController {
    private let dataSource: FetchedResultsDataSource<Photo, UITableViewCell>
    /// The adapter, once the view has loaded.
    public private(set) var adapter: TableViewDiffableAdapter<FetchedResultsSnapshot<Photo>>?
    /// The first fetch, started when the view loads.
    public private(set) var loading: Task<Void, any Error>?

    /// A list of the store's photos by album.
    public init(store: PhotoStore) {
        let controller = FetchedResultsController<Photo>(database: store.database, request: PhotoStore.byAlbum)
        dataSource = FetchedResultsDataSource(controller: controller,
                                              cellIdentifier: { $0.isFavorite ? "Favorite" : "Photo" }) { cell, photo in
            cell.textLabel?.text = photo.isFavorite ? "♥ \(photo.name)" : photo.name
        }
        dataSource.deleteItem = { photo in try store.delete(photo) }   // swipe to delete
        super.init(style: .plain)
    }

    /// Not made from a storyboard.
    public required init?(coder: NSCoder) {
        return nil
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Photo")
        tableView.register(FavoriteCell.self, forCellReuseIdentifier: "Favorite")
        adapter = TableViewDiffableAdapter(tableView: tableView, dataSource: dataSource)
        loading = Task { try await dataSource.performFetch() }
    }
}
#endif
