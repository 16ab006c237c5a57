import Foundation

/// A view controller whose view is a table view, and which is that table's
/// data source and delegate until told otherwise.
///
/// https://developer.apple.com/documentation/uikit/uitableviewcontroller
@MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let tableStyle: UITableView.Style
    private var table: UITableView?

    /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/init(style:)
    public init(style: UITableView.Style) {
        tableStyle = style
        super.init(nibName: nil, bundle: nil)
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/init(nibname:bundle:)
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        tableStyle = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/init(coder:)
    public required init?(coder: NSCoder) {
        tableStyle = .plain
        super.init(coder: coder)
    }

    /// The table view, which is the controller's view.
    ///
    /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/tableview
    open var tableView: UITableView! {
        get {
            loadViewIfNeeded()
            return table
        }
        set {
            table = newValue
            view = newValue
        }
    }

    open override func loadView() {
        let tableView = UITableView(frame: .zero, style: tableStyle)
        tableView.dataSource = self
        tableView.delegate = self
        table = tableView
        view = tableView
    }

    // MARK: UITableViewDataSource (overridable, as in UIKit)

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
}
