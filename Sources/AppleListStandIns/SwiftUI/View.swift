import Foundation

// The subset of SwiftUI that Plume's SwiftUI wrapper and its example use,
// with SwiftUI's signatures, so that they compile on Linux. The stand-in
// builds view values; it lays out and renders nothing (there is no
// SwiftUI runtime here): tests exercise the model the views read.

/// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency
public protocol View {
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    associatedtype Body: View
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property
    @ViewBuilder var body: Body { get }
}

/// A view that ends a hierarchy (SwiftUI's primitive views have `Never`
/// bodies).
///
/// https://developer.apple.com/documentation/swift/never
extension Never: View {
    public var body: Never { fatalError("a primitive view has no body") }
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public enum ViewBuilder {
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// https://developer.apple.com/documentation/swiftui/text
public struct Text: View {
    let content: String
    /// https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    public var body: Never { fatalError("a primitive view has no body") }
}

/// https://developer.apple.com/documentation/swiftui/foreach
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public var data: Data
    public var content: (Data.Element) -> Content
    let onDelete: ((IndexSet) -> Void)?

    /// https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        self.onDelete = nil
    }

    private init(_ other: ForEach, onDelete: @escaping (IndexSet) -> Void) {
        data = other.data
        content = other.content
        self.onDelete = onDelete
    }

    /// https://developer.apple.com/documentation/swiftui/dynamicviewcontent/ondelete(perform:)
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> some View {
        guard let action else { return self }
        return ForEach(self, onDelete: action)
    }

    public var body: Never { fatalError("a primitive view has no body") }
}

/// https://developer.apple.com/documentation/swiftui/section
public struct Section<Parent, Content: View, Footer>: View {
    let header: String
    let content: Content
    public var body: Never { fatalError("a primitive view has no body") }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// https://developer.apple.com/documentation/swiftui/section/init(_:content:)-90be4
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        header = String(title)
        self.content = content()
    }
}

/// https://developer.apple.com/documentation/swiftui/emptyview
public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError("a primitive view has no body") }
}

/// https://developer.apple.com/documentation/swiftui/list
public struct List<SelectionValue: Hashable, Content: View>: View {
    let content: Content
    public var body: Never { fatalError("a primitive view has no body") }
}

extension List where SelectionValue == Never {
    /// https://developer.apple.com/documentation/swiftui/list/init(_:rowcontent:)-7vpgz
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        content = ForEach(data, id: \.id, content: rowContent)
    }
}

/// The view a modifier returns.
public struct ModifiedContent<Content: View>: View {
    let content: Content
    public var body: Never { fatalError("a primitive view has no body") }
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/task(priority:_:)
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View {
        ModifiedContent(content: self)
    }
}
