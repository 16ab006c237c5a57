import Foundation

/// As Apple declares it: no actor isolation ("The view gives values to
/// these properties prior to recomputing the view's body").
///
/// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {
    /// "SwiftUI calls this function before rendering a view's body to
    /// ensure the view has the most recent value."
    ///
    /// https://developer.apple.com/documentation/swiftui/dynamicproperty/update()
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// A view's state. SwiftUI keeps the value of the first view value of an
/// identity and ignores the initial values of later ones; the stand-in
/// does the same when a view is rendered through ``StandInViewHost``, and
/// otherwise keeps the initial value for the view value's lifetime.
///
/// https://developer.apple.com/documentation/swiftui/state
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let box: StateBox<Value>

    /// https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
    public init(initialValue value: Value) {
        box = StateBox(value)
    }

    /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) {
        box = StateBox(value)
    }

    /// https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { box.resolved.value }
        nonmutating set { box.resolved.value = newValue }
    }
}

/// The storage of a `State`, which a host can point at the storage of the
/// identity's first view value.
final class StateBox<Value> {
    var value: Value
    /// The identity's storage, once the host linked it.
    var identityStorage: StateBox<Value>?

    init(_ value: Value) { self.value = value }

    var resolved: StateBox<Value> { identityStorage ?? self }
}

/// A `State` as the stand-in host sees it.
protocol StandInStateProperty {
    /// The storage the state reads now.
    var storage: AnyObject { get }
    /// Points the state at the identity's storage.
    func link(to storage: AnyObject)
}

extension State: StandInStateProperty {
    var storage: AnyObject { box.resolved }

    func link(to storage: AnyObject) {
        box.identityStorage = storage as? StateBox<Value>
    }
}
