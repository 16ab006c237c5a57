import Foundation

/// A row of a table view: a reuse identifier and the labels of its style.
///
/// https://developer.apple.com/documentation/uikit/uitableviewcell
@MainActor
open class UITableViewCell: UIView {
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/cellstyle
    public enum CellStyle: Int, Sendable {
        case `default`, value1, value2, subtitle
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/editingstyle
    public enum EditingStyle: Int, Sendable {
        case none, delete, insert
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/reuseidentifier
    open private(set) var reuseIdentifier: String?
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/textlabel
    open private(set) var textLabel: UILabel?
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/detailtextlabel
    open private(set) var detailTextLabel: UILabel?
    /// How many times the cell was handed out again (stand-in only).
    public private(set) var reuseCount = 0

    /// The stand-in's table view creates registered cell classes through
    /// this initializer, so it is `required` here (UIKit calls it through
    /// the Objective-C runtime): a subclass that adds an initializer must
    /// repeat it, as it repeats `init(coder:)` for UIKit.
    ///
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/init(style:reuseidentifier:)
    public required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        textLabel = UILabel(frame: .zero)
        detailTextLabel = style == .default ? nil : UILabel(frame: .zero)
        super.init(frame: .zero)
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/init(coder:)
    public required init?(coder: NSCoder) {
        textLabel = UILabel(frame: .zero)
        super.init(coder: coder)
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/prepareforreuse()
    open func prepareForReuse() {
        reuseCount += 1
    }
}

extension UITableViewCell: ReusableCell {}
