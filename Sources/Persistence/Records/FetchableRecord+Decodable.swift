extension FetchableRecord where Self: Decodable {
    /// Decodes the record from a row with Plume's row decoder: each coding
    /// key names a column.
    ///
    /// ```swift
    /// struct Photo: Decodable, FetchableRecord {
    ///     var id: Int64
    ///     var name: String
    ///     var created: Date          // date text, or seconds since 1970
    ///     var kind: Kind             // enum Kind: String, Decodable
    ///     var location: Location?    // a Decodable struct stored as JSON text
    /// }
    /// let photos = try Photo.fetchAll(db, sql: "SELECT * FROM photo")
    /// ```
    ///
    /// Optional properties decode as nil from NULL and from a missing
    /// column.
    ///
    /// - Throws: ``RowDecodingError`` naming the column (and, when fetched,
    ///   the SQL) when a non-optional column is missing or a value does not
    ///   convert.
    @inlinable
    public init(row: RowView) throws {
        // Inlinable, so that a fetch calls the record's own `init(from:)`
        // directly rather than through generic code that copies the record.
        try self.init(from: RowDecoder(row: row.lentRow(), dates: Self.databaseDateDecodingStrategy))
    }
}
