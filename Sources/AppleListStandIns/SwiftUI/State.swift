import Foundation

/// https://developer.apple.com/documentation/swiftui/dynamicproperty
@preconcurrency @MainActor
public protocol DynamicProperty {
    /// https://developer.apple.com/documentation/swiftui/dynamicproperty/update()
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// A view's state: the stand-in keeps the initial value for the view
/// value's lifetime (SwiftUI keeps it for the view's identity).
///
/// https://developer.apple.com/documentation/swiftui/state
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let box: Box

    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
    public init(initialValue value: Value) {
        box = Box(value)
    }

    /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) {
        box = Box(value)
    }

    /// https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
}
