import Persistence

/// One section of a list: its identity and its items, in order.
///
/// A fetched results controller names a section by the value of its
/// section column; a list without sections has one section named `NULL`.
public struct ListSection<Item: Sendable>: Sendable {
    /// The section's identity: the section column's value.
    public var name: DatabaseValue
    /// The items of the section, in order.
    public var items: [Item]

    /// Creates a section.
    public init(name: DatabaseValue, items: [Item]) {
        self.name = name
        self.items = items
    }

    /// The title a list shows for the section: the name as text, nil for
    /// `NULL`.
    public var title: String? {
        switch name {
        case .null: nil
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): value
        case .blob(let data): data.map { String(cFormat: "%02X", $0) }.joined()
        }
    }

    /// The section index title Core Data would offer: the capitalized
    /// first letter of the title, or nil when there is no title.
    public var indexTitle: String? {
        title?.first.map { String($0).uppercased() }
    }
}

extension ListSection: Equatable where Item: Equatable {}
extension ListSection: Hashable where Item: Hashable {}
