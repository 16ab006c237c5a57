import Foundation

extension UICollectionView {
    /// A stand-in for UIKit's cell registration: a cell class and the
    /// handler that configures it ("Use a cell registration to register
    /// cells with your collection view and configure each cell for
    /// display"). The stand-in registers the class under a reuse
    /// identifier of the registration's own, so that its cells are reused
    /// among themselves, and a reconfigure that dequeues through another
    /// registration raises as one that dequeues another identifier does.
    ///
    /// https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        /// https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration/handler
        public typealias Handler = (Cell, IndexPath, Item) -> Void

        let handler: Handler
        let reuseIdentifier = "CellRegistration-\(UUID().uuidString)"

        /// https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration/init(handler:)
        public init(handler: @escaping Handler) {
            self.handler = handler
        }
    }

    /// A cell of the registration's class, reused or new, configured by
    /// the registration's handler with the item. UIKit documents nothing
    /// of a nil item; the stand-in then leaves the cell as dequeued.
    ///
    /// https://developer.apple.com/documentation/uikit/uicollectionview/dequeueconfiguredreusablecell(using:for:item:)
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath,
                                                         item: Item?) -> Cell {
        let dequeued = list.dequeue(registration.reuseIdentifier, for: indexPath) { () -> UICollectionViewCell? in
            let cell = Cell(frame: .zero)
            cell.reuseIdentifier = registration.reuseIdentifier
            return cell
        }
        let cell = dequeued as? Cell ?? Cell(frame: .zero)
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }
}
