/// A record whose columns the ``Table(_:primaryKey:)`` macro declares: one per stored
/// property, typed, in declaration order.
///
/// Do not conform by hand: write `@Table` on the struct. The macro
/// generates the conformance, a typed column per property (``Columns``),
/// the table's ``tableSchema``, an `init(row:)` that reads the table's own
/// `SELECT` by position, and an encoding that needs no `Encodable`.
///
/// ```swift
/// @Table("photo")
/// struct Photo {
///     @Column(primaryKey: true) var id: Int64?
///     var name: String
///     var album: String?
///     var rating: Int = 0
/// }
/// let favourites = try Photo.all()
///     .where { $0.rating >= 4 && $0.album != nil }
///     .order(by: \.album, \.rating.descending)
///     .fetchAll(db)
/// ```
public protocol TypedTable: TableRecord, FetchableRecord, InsertableRecord {
    /// The typed columns: one ``TableColumn`` property per stored property.
    associatedtype Columns: Sendable

    /// The typed columns, which requests' closures and key paths read.
    static var columns: Columns { get }

    /// The table's columns as the record declares them, in declaration
    /// order.
    static var tableSchema: TableSchema { get }
}

extension TypedTable {
    /// A request for every record of the table, in no particular order
    /// until you add one (``TableRequest/order(by:)``).
    ///
    /// ```swift
    /// let count = try Photo.all().where { $0.rating >= 4 }.fetchCount(db)
    /// ```
    public static func all() -> TableRequest<Self> {
        TableRequest()
    }
}

/// Makes a struct a typed table record: its stored properties are the
/// columns of `name` (default: the type's name with its first word
/// lowercased, `PhotoAlbum` → `photoAlbum`).
///
/// Generates a ``TypedTable`` conformance (and so ``TableRecord``,
/// ``FetchableRecord`` and ``InsertableRecord``; ``PersistableRecord`` too
/// when a column is the primary key): typed columns for
/// compile-checked requests, an `init(row:)` that reads the table's own
/// `SELECT` by position and any other query by column name, and the
/// encoding that insert, update, upsert and delete use. A record without
/// a primary key inserts, and its `update`, `upsert` and `delete` do not
/// compile (the message says why). Supported
/// property types: every ``DatabaseValueConvertible`` type (`Date` and
/// `UUID` with the record's strategies), optionals of those, and other
/// `Codable` values, stored as JSON text. Computed and static properties
/// are not columns.
///
/// ```swift
/// @Table("photo")
/// struct Photo {
///     @Column(primaryKey: true) var id: Int64?
///     var name: String
///     @Column("created_at") var created: Date
/// }
/// ```
///
/// A composite primary key is declared by marking each of its properties
/// `@Column(primaryKey: true)`, or by listing them on the table:
///
/// ```swift
/// @Table("albumEntry", primaryKey: ["albumID", "position"])
/// struct AlbumEntry {
///     var albumID: Int64
///     var position: Int
///     var photoID: Int64
/// }
/// ```
///
/// Update, upsert, delete and exists match rows by the whole key. Before
/// one first runs on a connection, and in ``Database/validate(_:nullableColumns:)``, the
/// declared key is checked against the table: it must be the table's
/// primary key, or the columns of a unique index that are all `NOT NULL`;
/// otherwise the write throws ``RecordError/Code/keyNotUnique`` and no row
/// changes.
///
/// - Parameters:
///   - name: The table's name: any string literal (escapes, raw and
///     multi-line literals mean what they mean in Swift; interpolation
///     does not compile).
///   - primaryKey: The key's properties (or column names), when the key
///     is not marked with `@Column(primaryKey: true)`.
@attached(extension, conformances: TypedTable, TableRecord, FetchableRecord, InsertableRecord, PersistableRecord,
          names: named(databaseTableName), named(Columns), named(columns), named(tableSchema),
          named(init(row:)), named(encode(to:)), named(update), named(upsert), named(delete))
public macro Table(_ name: String? = nil, primaryKey: [String] = []) = #externalMacro(module: "PlumeMacros", type: "TableMacro")

/// Says how a property of a ``Table(_:primaryKey:)`` struct maps to its column.
///
/// ```swift
/// @Table struct Photo {
///     @Column(primaryKey: true) var id: Int64?
///     @Column("created_at") var created: Date
/// }
/// ```
///
/// - Parameters:
///   - name: The column's name (any string literal but an interpolated
///     one); default: the property's.
///   - primaryKey: Whether the column is part of the table's primary key,
///     which update, upsert and delete match rows by (mark several
///     properties for a composite key). Without one, a property whose
///     column is `id` is the key.
///   - default: An SQL expression that an insert stores when the
///     (optional) property is nil, such as `"CURRENT_TIMESTAMP"` or `"0"`:
///     the insert says `COALESCE(?3, CURRENT_TIMESTAMP)`. Without one, nil
///     inserts NULL. Update stores NULL for nil, as written.
@attached(peer)
public macro Column(_ name: String? = nil, primaryKey: Bool = false, default: String? = nil) = #externalMacro(module: "PlumeMacros", type: "ColumnMacro")
