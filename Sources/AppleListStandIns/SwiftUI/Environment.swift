import Foundation

/// A value a view reads from its environment, as SwiftUI provides it to
/// the view's body. The stand-in reads the environment of the
/// ``StandInViewHost`` that renders the view (SwiftUI's default values
/// otherwise).
///
/// https://developer.apple.com/documentation/swiftui/environment
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    private let box = EnvironmentBox()

    /// https://developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    public var wrappedValue: Value { box.values[keyPath: keyPath] }
}

/// The environment an `Environment` reads, which a host points at its own.
final class EnvironmentBox {
    var values = EnvironmentValues()
}

/// An `Environment` as the stand-in host sees it.
protocol StandInEnvironmentProperty {
    /// Points the property at the host's environment.
    func link(to values: EnvironmentValues)
}

extension Environment: StandInEnvironmentProperty {
    func link(to values: EnvironmentValues) {
        box.values = values
    }
}

/// The environment of a view: here only what Plume's examples read.
///
/// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
    /// SwiftUI's defaults.
    ///
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/init()
    public init() {}

    /// "The undo manager used to register a view's undo operations" (read
    /// only, as SwiftUI declares it: the window sets it).
    ///
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/undomanager
    public internal(set) var undoManager: UndoManager?
}
