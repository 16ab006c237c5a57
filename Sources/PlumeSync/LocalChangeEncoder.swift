import Persistence
import PlumeSyncProtocol

/// A local change as the outbox stores it: its key and values in the
/// protocol's JSON (``SyncJSON/keyText(_:)``, ``SyncJSON/objectText(_:)``).
struct OutboxChange: Equatable {
    var table: String
    var operation: SyncOperation
    var keyJSON: String
    var valuesJSON: String?

    init(table: String, operation: SyncOperation, keyJSON: String, valuesJSON: String?) {
        self.table = table
        self.operation = operation
        self.keyJSON = keyJSON
        self.valuesJSON = valuesJSON
    }

    /// The outbox form of a change: the reference encoding, through
    /// dictionaries of protocol values.
    init(_ change: LocalChange) {
        self.init(table: change.table, operation: change.operation,
                  keyJSON: SyncJSON.keyText(change.key.map(SyncValue.init)),
                  valuesJSON: change.values.map { SyncJSON.objectText($0.mapValues(SyncValue.init)) })
    }
}

/// Encodes whole rows of one table (an insert's new row, a delete's old
/// row, a current row) straight into the outbox's JSON, with no
/// dictionary per row: the columns' lowercased names, their order in the
/// JSON object and the key columns' positions are worked out once per row
/// layout (the history shares one layout among the rows of a table
/// recorded with the same columns).
///
/// The text is the one ``OutboxChange/init(_:)`` makes of the general
/// path's change (``LocalChangeCollector/changesGeneral(of:_:)``): a
/// layout whose lowercased names repeat goes through that path.
final class LocalChangeEncoder {
    let table: SyncTable
    /// The shapes of the layouts met so far.
    private var shapes: [ObjectIdentifier: Shape] = [:]
    /// The shape of the last row, tried first.
    private var lastShape: Shape?
    /// The shape of rows read in the table's column order.
    private lazy var columnsShape = Shape(names: table.columns, layout: nil, table)

    init(table: SyncTable) {
        self.table = table
    }

    /// What the encoder works out once per row layout (a class: one
    /// reference to hand around per row, not one per member).
    private final class Shape {
        /// The layout, kept so that its identifier stays its own.
        let layout: RowLayout?
        /// The column names, lowercased (``Swift/String/syncNameKey``).
        let names: [String]
        /// Each key column's position in the row; nil for a key column
        /// the row lacks (its value is `NULL`).
        let keyPositions: [Int?]
        /// The values' object; nil when two names are equal, for the
        /// general path.
        let object: SyncJSON.ObjectShape?

        init(names: [String], layout: RowLayout?, _ table: SyncTable) {
            self.layout = layout
            self.names = names
            object = SyncJSON.ObjectShape(names: names)
            keyPositions = table.keyColumns.map { column in names.firstIndex { $0 == column } }
        }
    }

    /// The change of an insert of the whole row `row` (`operation`
    /// `.insert`), or of its deletion (`.delete`: the key only).
    func change(_ operation: SyncOperation, of row: Row?) -> OutboxChange {
        guard let row else { return general(operation, values: [:]) }
        let shape = shape(of: row.layout)
        return change(operation, shape) { row[$0] }
    }

    /// The insert of a row whose values `value` reads in the table's
    /// column order (``SyncTable/columns``).
    func insert(columnValue value: (Int) -> DatabaseValue) -> OutboxChange {
        change(.insert, columnsShape, value)
    }

    private func shape(of layout: RowLayout) -> Shape {
        if let lastShape, lastShape.layout === layout { return lastShape }
        let shape: Shape
        if let known = shapes[ObjectIdentifier(layout)] {
            shape = known
        } else {
            shape = Shape(names: layout.columns.map(\.syncNameKey), layout: layout, table)
            shapes[ObjectIdentifier(layout)] = shape
        }
        lastShape = shape
        return shape
    }

    private func change(_ operation: SyncOperation, _ shape: Shape, _ value: (Int) -> DatabaseValue) -> OutboxChange {
        guard let object = shape.object else {
            var values: [String: DatabaseValue] = [:]
            for (index, name) in shape.names.enumerated() { values[name] = value(index) }
            return general(operation, values: values)
        }
        let keyJSON = SyncJSON.keyText(count: shape.keyPositions.count) { index in
            shape.keyPositions[index].map { SyncValue(value($0)) } ?? .null
        }
        let valuesJSON = operation == .delete ? nil : object.text { SyncValue(value($0)) }
        return OutboxChange(table: table.name, operation: operation, keyJSON: keyJSON, valuesJSON: valuesJSON)
    }

    /// The general path's change of a whole row.
    private func general(_ operation: SyncOperation, values: [String: DatabaseValue]) -> OutboxChange {
        OutboxChange(LocalChange(table: table.name, operation: operation, key: table.key(of: values), values: operation == .delete ? nil : values))
    }
}
