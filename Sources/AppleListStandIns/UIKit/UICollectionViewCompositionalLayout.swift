import Foundation

/// A stand-in for UIKit's list configuration of a compositional layout:
/// its appearance and its header mode, the part a list's headers depend
/// on.
///
/// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct
public struct UICollectionLayoutListConfiguration: Sendable {
    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/appearance-swift.enum
    public enum Appearance: Sendable {
        case plain, grouped, insetGrouped, sidebar, sidebarPlain
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/headermode-swift.enum
    public enum HeaderMode: Hashable, Sendable {
        /// "No headers are shown."
        case none
        /// "Choose this header mode to use supplementary views with
        /// `elementKindSectionHeader` as the section header."
        case supplementary
        /// "A header mode that styles the first item in a section as a
        /// header": the data source's first item of each section.
        case firstItemInSection
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/appearance-swift.property
    public var appearance: Appearance
    /// "The default value is `UICollectionLayoutListConfiguration.HeaderMode.none`."
    ///
    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/headermode-swift.property
    public var headerMode: HeaderMode = .none

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/init(appearance:)
    public init(appearance: Appearance) {
        self.appearance = appearance
    }
}

/// A stand-in for UIKit's compositional layout, as a list
/// (`list(using:)`): it asks each section for a header view when its
/// configuration's header mode is `supplementary`.
///
/// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout
@MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    /// The list configuration the layout was made with.
    let listConfiguration: UICollectionLayoutListConfiguration

    init(listConfiguration: UICollectionLayoutListConfiguration) {
        self.listConfiguration = listConfiguration
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout/list(using:)
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout(listConfiguration: configuration)
    }
}

extension UICollectionViewLayout {
    /// Whether the layout asks each section for a header view
    /// (`elementKindSectionHeader`): a flow layout (scrolling vertically,
    /// its default) whose `headerReferenceSize` has a height ("If the size
    /// in the appropriate scrolling dimension is 0, no header is added"),
    /// or a list whose header mode is `supplementary`.
    var asksForSectionHeaders: Bool {
        if let flow = self as? UICollectionViewFlowLayout { return flow.headerReferenceSize.height != 0 }
        if let list = self as? UICollectionViewCompositionalLayout { return list.listConfiguration.headerMode == .supplementary }
        return false
    }
}
