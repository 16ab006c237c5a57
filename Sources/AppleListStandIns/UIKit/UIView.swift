import Foundation

/// The root of UIKit's responder chain; here only the superclass of views
/// and view controllers.
///
/// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor
open class UIResponder: NSObject {
    private var isFirst = false

    /// https://developer.apple.com/documentation/uikit/uiresponder/canbecomefirstresponder
    open var canBecomeFirstResponder: Bool { false }

    /// https://developer.apple.com/documentation/uikit/uiresponder/isfirstresponder
    open var isFirstResponder: Bool { isFirst }

    /// "Returns true if this object is now the first-responder or false if
    /// it isn't": only a responder whose `canBecomeFirstResponder` is
    /// true becomes one (the stand-in has no window to check besides).
    ///
    /// https://developer.apple.com/documentation/uikit/uiresponder/becomefirstresponder()
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        isFirst = canBecomeFirstResponder
        return isFirst
    }

    /// https://developer.apple.com/documentation/uikit/uiresponder/resignfirstresponder()
    @discardableResult
    open func resignFirstResponder() -> Bool {
        isFirst = false
        return true
    }

    /// "the nearest shared undo manager in the responder chain": none
    /// for a bare responder (view controllers answer their window's).
    ///
    /// https://developer.apple.com/documentation/uikit/uiresponder/undomanager
    open var undoManager: UndoManager? { nil }
}

/// A view: a frame and subviews.
///
/// https://developer.apple.com/documentation/uikit/uiview
@MainActor
open class UIView: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiview/frame
    open var frame: CGRect
    /// https://developer.apple.com/documentation/uikit/uiview/subviews
    open private(set) var subviews: [UIView] = []

    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) {
        frame = .zero
        super.init()
    }

    /// A view with a zero frame (`NSObject`'s initializer, as UIKit
    /// inherits it).
    public override convenience init() {
        self.init(frame: .zero)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    open func addSubview(_ view: UIView) {
        subviews.append(view)
    }
}

/// A view that scrolls its content; here only the superclass of list views.
///
/// https://developer.apple.com/documentation/uikit/uiscrollview
@MainActor
open class UIScrollView: UIView {}

/// A label: one line of text.
///
/// https://developer.apple.com/documentation/uikit/uilabel
@MainActor
open class UILabel: UIView {
    /// https://developer.apple.com/documentation/uikit/uilabel/text
    open var text: String?
}

/// A view controller that owns a view, loaded on demand.
///
/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// A view controller without a nib (`NSObject`'s initializer, as UIKit
    /// inherits it).
    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// The root view, loaded (and `viewDidLoad()` called) on first access.
    ///
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/title
    open var title: String?

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/isviewloaded
    open var isViewLoaded: Bool { loadedView != nil }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/loadview()
    open func loadView() {
        loadedView = UIView(frame: .zero)
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    open func viewDidLoad() {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidappear(_:)
    open func viewDidAppear(_ animated: Bool) {}

    /// Stand-in only: the undo manager of the window the controller is
    /// shown in ("Every window of an application provides a default undo
    /// manager", Apple's "Undo manager" article); the stand-in shows each
    /// controller in a window of its own.
    private lazy var windowUndoManager = UndoManager()

    /// https://developer.apple.com/documentation/uikit/uiresponder/undomanager
    open override var undoManager: UndoManager? { windowUndoManager }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/loadviewifneeded()
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        viewDidLoad()
    }
}
