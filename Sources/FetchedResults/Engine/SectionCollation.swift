import Persistence

/// How a request's section values compare: by the collation the section
/// column declares in its table (`album TEXT COLLATE NOCASE`), which is
/// the collation its `ORDER BY` uses, so rows SQLite orders as equal fall
/// in one section.
///
/// Sections are named by the collation's key of their values: the value
/// itself under `BINARY` (byte for byte: "é" and "e" with a combining
/// accent are two sections), its ASCII letters in lower case under
/// `NOCASE`, without trailing spaces under `RTRIM`. A column of another
/// collation, or an expression, groups by `BINARY`; a query whose `ORDER
/// BY` then interleaves values that differ in bytes fails with
/// ``FetchedResultsError/Code-swift.struct/sectionNotOrdered``, never
/// shows a wrong list.
enum SectionCollation {
    /// The collation of the section column at `index` of a statement.
    static func of(columnAt index: Int, in statement: Statement) -> BuiltInCollation {
        statement.declaredCollation(ofColumnAt: index).flatMap(BuiltInCollation.init(name:)) ?? .binary
    }
}
