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

/// objc.io's lighter view controller, on a live query: the data source
/// answers the table's questions and applies every change set in one
/// batch; the store owns the model. The controller only wires them, and
/// as the fetched results controller's delegate (on the main actor, like
/// the view controller itself) keeps its title up to date. Once on screen
/// it is the first responder, so that shaking the device and the edit
/// menu's Undo and Redo reach its window's undo manager, where the
/// store's undo stack offers each write ("Undo Delete Photo").
/// (On Linux it compiles against the UIKit stand-ins.)
@MainActor
public final class PhotosViewController: UITableViewController, FetchedResultsControllerDelegate {
    private let store: PhotoStore
    private let dataSource: FetchedResultsDataSource<Photo, UITableViewCell>
    private var adapter: TableViewAdapter<FetchedResultsSnapshot<Photo>>?
    /// The store's steps in the window's undo manager, from the first
    /// appearance on.
    public private(set) var undoAdapter: UndoManagerAdapter?
    /// The first fetch, started when the view loads.
    public private(set) var loading: Task<Void, any Error>?

    /// A list of the store's photos by album.
    public init(store: PhotoStore) {
        self.store = store
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
        adapter = TableViewAdapter(tableView: tableView, dataSource: dataSource)
        dataSource.controller.delegate = self
        loading = Task {
            try await dataSource.performFetch()
            showCount()
        }
    }

    /// Shake to undo and the edit menu's Undo and Redo act on the first
    /// responder's undo manager.
    public override var canBecomeFirstResponder: Bool { true }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
        if undoAdapter == nil, let undoManager {
            undoAdapter = UndoManagerAdapter(stack: store.undoStack, undoManager: undoManager)
        }
    }

    public func controllerDidChangeContent(_ controller: FetchedResultsController<Photo>) {
        showCount()
    }

    private func showCount() {
        title = "\(dataSource.controller.count) photos"
    }
}

/// The second kind of cell: a favorite photo.
public final class FavoriteCell: UITableViewCell {}
#endif
