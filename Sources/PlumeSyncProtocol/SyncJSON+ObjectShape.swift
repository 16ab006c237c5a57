extension SyncJSON {
    /// Objects that all have the same member names, written as
    /// ``SyncJSON/objectText(_:)`` writes them (members sorted by name)
    /// without a dictionary per object: the order and each member's
    /// opening text are worked out once, for many rows of one table.
    ///
    /// ```swift
    /// let shape = SyncJSON.ObjectShape(names: ["name", "id"])!
    /// shape.text { [SyncValue.text("Sunset"), .integer(1)][$0] } // {"id":1,"name":"Sunset"}
    /// ```
    public struct ObjectShape: Sendable {
        /// The names' positions (in the `names` the shape was made of), in
        /// the order the members are written.
        public let order: [Int]
        /// What precedes each member's value, in ``order``: `{"a":`,
        /// `,"b":`, …
        private let openings: [String]
        /// The room an object takes, about: its openings and eight bytes a
        /// value (one allocation for most rows instead of a few growths).
        private let estimatedLength: Int

        /// The shape of objects whose members are `names` (in any order);
        /// nil when two names are equal (as `String`s compare, the way a
        /// ``SyncRow`` keys its members), since such an object cannot have
        /// both.
        public init?(names: [String]) {
            guard Set(names).count == names.count else { return nil }
            order = names.indices.sorted { names[$0] < names[$1] }
            var openings: [String] = []
            openings.reserveCapacity(names.count)
            for (index, position) in order.enumerated() {
                var opening = index == 0 ? "{" : ""
                SyncJSON.appendMemberName(names[position], first: index == 0, to: &opening)
                openings.append(opening)
            }
            self.openings = openings
            estimatedLength = openings.reduce(1) { $0 + $1.utf8.count } + 8 * names.count
        }

        /// The object of the values `value` gives: the same text as
        /// ``SyncJSON/objectText(_:)`` of a row of these names and values.
        ///
        /// - Parameter value: The value of the member at a position of the
        ///   names the shape was made of.
        public func text(_ value: (Int) -> SyncValue) -> String {
            guard !order.isEmpty else { return "{}" }
            var out = ""
            out.reserveCapacity(estimatedLength)
            for (opening, position) in zip(openings, order) {
                out += opening
                SyncJSON.append(value(position), to: &out)
            }
            return out + "}"
        }
    }
}
