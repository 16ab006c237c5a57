import Foundation

/// A view a collection view reuses.
///
/// https://developer.apple.com/documentation/uikit/uicollectionreusableview
@MainActor
open class UICollectionReusableView: UIView {
    /// Set by the collection view when it makes the view for a registered
    /// identifier.
    ///
    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/reuseidentifier
    open internal(set) var reuseIdentifier: String?
    /// How many times the view was handed out again (stand-in only).
    public private(set) var reuseCount = 0

    /// The stand-in's collection view creates registered classes through
    /// this initializer, so it is `required` here (UIKit calls it through
    /// the Objective-C runtime).
    ///
    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/prepareforreuse()
    open func prepareForReuse() {
        reuseCount += 1
    }
}

/// An item of a collection view; the stand-in's content is one label.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewcell
@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/contentview
    public let contentView = UIView(frame: .zero)
}

extension UICollectionViewCell: ReusableCell {}

/// How a collection view lays out its items; the stand-in lays out none.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewlayout
@MainActor
open class UICollectionViewLayout: NSObject {}

/// A grid layout.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/headerreferencesize
    open var headerReferenceSize: CGSize = .zero
}
