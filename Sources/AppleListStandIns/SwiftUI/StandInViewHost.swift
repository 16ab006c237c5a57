import Foundation

/// Stand-in only: what SwiftUI does for one view identity, without
/// rendering anything. A parent re-renders by creating new values of the
/// view; SwiftUI keeps the state of the identity's first value, calls
/// `update()` on the dynamic properties, then reads `body`; when the view
/// goes away, its state is released.
///
/// The stand-in finds `State` and other dynamic properties by reflection
/// (nested ones too, as SwiftUI does) and calls `update()` on copies of
/// them: a dynamic property that keeps what it learns in `State` or other
/// references (as `@LiveFetchRequest` does) behaves as under SwiftUI.
@MainActor
public final class StandInViewHost<Content: View> {
    /// The identity's state storage, in declaration order.
    private var storage: [AnyObject]?

    /// Stand-in only: the undo manager of the window the host stands for,
    /// which views read as `@Environment(\.undoManager)`.
    public var undoManager: UndoManager?

    /// A host with no view yet.
    public init() {}

    /// Renders a value of the view for this identity: links its state to
    /// the identity's storage (the first value's), updates its dynamic
    /// properties, then reads its body.
    public func render(_ view: Content) {
        var states: [any StandInStateProperty] = []
        var dynamic: [any DynamicProperty] = []
        Self.collect(view, states: &states, dynamic: &dynamic)
        if let storage, storage.count == states.count {
            for (state, box) in zip(states, storage) { state.link(to: box) }
        } else {
            storage = states.map(\.storage)
        }
        var environment = EnvironmentValues()
        environment.undoManager = undoManager
        for property in dynamic {
            (property as? any StandInEnvironmentProperty)?.link(to: environment)
        }
        for var property in dynamic { property.update() }
        _ = view.body
    }

    /// The view goes away: the identity's state is released.
    public func removeView() {
        storage = nil
    }

    /// The states and dynamic properties of a value, nested ones first.
    private static func collect(_ value: Any, states: inout [any StandInStateProperty],
                                dynamic: inout [any DynamicProperty]) {
        for child in Mirror(reflecting: value).children {
            if let state = child.value as? any StandInStateProperty {
                states.append(state)
            } else if let property = child.value as? any DynamicProperty {
                collect(property, states: &states, dynamic: &dynamic)
                dynamic.append(property)
            }
        }
    }
}
