import Foundation

/// The root of AppKit's responder chain; here only the superclass of views.
///
/// https://developer.apple.com/documentation/appkit/nsresponder
@MainActor
open class NSResponder: NSObject {}

/// The identifier of a user interface item, such as the kind of a table
/// view's cell view.
///
/// https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentifier
public struct NSUserInterfaceItemIdentifier: RawRepresentable, Hashable, Sendable {
    public var rawValue: String

    /// https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentifier/init(rawvalue:)
    public init(rawValue: String) { self.rawValue = rawValue }

    /// https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentifier/init(_:)
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A view: a frame, subviews and an identifier.
///
/// https://developer.apple.com/documentation/appkit/nsview
@MainActor
open class NSView: NSResponder {
    /// https://developer.apple.com/documentation/appkit/nsview/frame
    open var frame: NSRect
    /// https://developer.apple.com/documentation/appkit/nsview/subviews
    open private(set) var subviews: [NSView] = []
    /// https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentification/identifier
    open var identifier: NSUserInterfaceItemIdentifier?
    /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.property
    open var autoresizingMask: NSView.AutoresizingMask = []

    /// How the view resizes with its superview (the stand-in lays out
    /// nothing: only the options Plume uses).
    ///
    /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct
    public struct AutoresizingMask: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct/width
        public static let width = AutoresizingMask(rawValue: 2)
        /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct/height
        public static let height = AutoresizingMask(rawValue: 16)
    }

    /// https://developer.apple.com/documentation/appkit/nsview/init(frame:)
    public init(frame frameRect: NSRect) {
        frame = frameRect
        super.init()
    }

    /// https://developer.apple.com/documentation/appkit/nsview/init(coder:)
    public required init?(coder: NSCoder) {
        frame = .zero
        super.init()
    }

    /// A view with a zero frame (`NSObject`'s initializer, as AppKit
    /// inherits it).
    public override convenience init() {
        self.init(frame: .zero)
    }

    /// https://developer.apple.com/documentation/appkit/nsview/addsubview(_:)
    open func addSubview(_ view: NSView) {
        subviews.append(view)
    }
}

/// A view that shows a value; here only the superclass of text fields and
/// table views.
///
/// https://developer.apple.com/documentation/appkit/nscontrol
@MainActor
open class NSControl: NSView {
    /// https://developer.apple.com/documentation/appkit/nscontrol/stringvalue
    open var stringValue = ""
}

/// A text field; the stand-in's labels only show their string.
///
/// https://developer.apple.com/documentation/appkit/nstextfield
@MainActor
open class NSTextField: NSControl {
    /// https://developer.apple.com/documentation/appkit/nstextfield/init(labelwithstring:)
    public convenience init(labelWithString stringValue: String) {
        self.init(frame: .zero)
        self.stringValue = stringValue
    }
}

/// The view of one cell of a view-based table: a text field outlet.
///
/// https://developer.apple.com/documentation/appkit/nstablecellview
@MainActor
open class NSTableCellView: NSView {
    /// Held weakly, as the outlet is: the text field must be a subview.
    ///
    /// https://developer.apple.com/documentation/appkit/nstablecellview/textfield
    open weak var textField: NSTextField?
    /// https://developer.apple.com/documentation/appkit/nstablecellview/objectvalue
    open var objectValue: Any?
}

/// A column of a table view.
///
/// https://developer.apple.com/documentation/appkit/nstablecolumn
@MainActor
open class NSTableColumn: NSObject {
    /// https://developer.apple.com/documentation/appkit/nstablecolumn/identifier
    open var identifier: NSUserInterfaceItemIdentifier
    /// https://developer.apple.com/documentation/appkit/nstablecolumn/title
    open var title = ""

    /// https://developer.apple.com/documentation/appkit/nstablecolumn/init(identifier:)
    public init(identifier: NSUserInterfaceItemIdentifier) {
        self.identifier = identifier
        super.init()
    }
}
