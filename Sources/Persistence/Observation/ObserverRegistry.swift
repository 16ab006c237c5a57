import Algorithms

/// Observers in the order they registered, each under an identifier that
/// is never handed out twice: the one registry behind transaction
/// observers, change observers and a controller's subscribers.
///
/// - Complexity: Registration O(1), lookup O(log n) (identifiers ascend
///   in registration order), removal and iteration O(n) for n observers.
package struct ObserverRegistry<Observer> {
    /// An observer's identifier.
    package typealias ID = UInt64

    private var entries: [(id: ID, observer: Observer)] = []
    private var lastID: ID = 0

    package init() {}

    /// Registers an observer after the others.
    package mutating func add(_ observer: Observer) -> ID {
        add { _ in observer }
    }

    /// Registers the observer `make` builds for its identifier (one that
    /// unregisters itself, say).
    @discardableResult
    package mutating func add(_ make: (ID) -> Observer) -> ID {
        lastID += 1
        entries.append((lastID, make(lastID)))
        return lastID
    }

    /// Unregisters an observer; returns it, or nil when it was not there.
    @discardableResult
    package mutating func remove(_ id: ID) -> Observer? {
        guard let index = index(of: id) else { return nil }
        return entries.remove(at: index).observer
    }

    /// Puts `observer` in the place of the one registered under `id`,
    /// keeping its identifier and rank; does nothing when none is.
    package mutating func replace(_ id: ID, with observer: Observer) {
        guard let index = index(of: id) else { return }
        entries[index].observer = observer
    }

    /// Unregisters every observer; returns them, in registration order.
    package mutating func removeAll() -> [Observer] {
        defer { entries.removeAll() }
        return entries.map(\.observer)
    }

    /// The observers, in registration order.
    package var observers: [Observer] { entries.map(\.observer) }

    /// The identifiers, in registration order: to call observers that may
    /// unregister others on the way, look each up as it comes.
    package var ids: [ID] { entries.map(\.id) }

    /// The observer registered under `id`, if it still is.
    package subscript(id id: ID) -> Observer? {
        index(of: id).map { entries[$0].observer }
    }

    private func index(of id: ID) -> Int? {
        let index = entries.partitioningIndex { $0.id >= id }
        return index < entries.endIndex && entries[index].id == id ? index : nil
    }

    /// Whether no observer is registered.
    package var isEmpty: Bool { entries.isEmpty }
}
