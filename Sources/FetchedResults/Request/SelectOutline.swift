import Persistence

/// The top-level shape of a raw `SELECT` that reads one table:
/// `SELECT <columns> FROM <table> [[AS] alias] [WHERE <filter>] ORDER BY <terms>`,
/// found by scanning its tokens (quotes, comments and parentheses kept
/// apart), with the text of each part.
///
/// Each part is the text as written with its comments blanked out (turned
/// into spaces, line breaks kept: ``SQLTokens/text(from:to:)``), so parts
/// can be joined into new queries of the same meaning: a `-- comment`
/// before `FROM` must not swallow the `FROM` of the rebuilt query.
///
/// Only that shape has an outline: anything else (joins, a comma in
/// `FROM`, a subquery, `DISTINCT`, `GROUP BY`, `HAVING`, `WINDOW`, compound
/// selects, `WITH`, `LIMIT`, `INDEXED BY`, no `ORDER BY`, a second
/// statement) gives nil, and the request keeps the refetch path. So does a
/// parameter in `ORDER BY` (the rebuilt queries drop the order, or put a
/// parameter of their own before it, which would shift the arguments), or
/// a parameter named like Plume's own (`:plume_rowid`). Whether the query
/// aggregates, and which table it reads, SQLite tells
/// (``SingleTableQuery``).
struct SelectOutline: Equatable {
    /// The result columns, as written, comments blanked.
    var columns: String
    /// The table, unquoted.
    var table: String
    /// The text from the table name to `WHERE` or `ORDER BY` (the table and
    /// its alias), comments blanked.
    var from: String
    /// The filter, as written, comments blanked; or nil.
    var filter: String?
    /// The ordering terms, as written, comments blanked.
    var orderingTerms: String

    init?(_ sql: String) {
        guard let tokens = SQLTokens(sql), let parts = Self.split(tokens) else { return nil }
        self = parts
    }

    /// Words that make a query anything but one table read row by row.
    private static let rejectedWords: Set<String> = [
        "select", "distinct", "group", "having", "window", "union", "intersect", "except", "join",
        "natural", "limit", "offset", "with", "indexed", "values", "over", "filter",
    ]

    private static func split(_ tokens: SQLTokens) -> SelectOutline? {
        let list = tokens.tokens
        // One statement: a trailing `;` at most.
        var end = list.count
        if end > 0, list[end - 1].text == ";" { end -= 1 }
        guard end > 0, list[0].word == "select", !list[..<end].contains(where: { $0.text == ";" }) else { return nil }
        // No second SELECT anywhere (subqueries), no rejected word at the top.
        guard !list[1..<end].contains(where: { $0.word == "select" }),
              !list[1..<end].contains(where: { $0.depth == 0 && rejectedWords.contains($0.word ?? "") }) else { return nil }
        func topLevel(_ word: String, after start: Int) -> Int? {
            (start..<end).first { list[$0].depth == 0 && list[$0].word == word }
        }
        guard let from = topLevel("from", after: 1),
              let order = topLevel("order", after: from), order + 1 < end, list[order + 1].word == "by", order + 2 < end
        else { return nil }
        let whereIndex = topLevel("where", after: from)
        guard whereIndex.map({ $0 < order }) ?? true else { return nil }
        let fromEnd = whereIndex ?? order
        // The table: one name, optionally followed by an alias.
        let fromTokens = list[(from + 1)..<fromEnd]
        guard let first = fromTokens.first, let table = first.identifier,
              fromTokens.count <= 3, !fromTokens.contains(where: { $0.text == "," || $0.text == "." || $0.text == "(" })
        else { return nil }
        if fromTokens.count == 3 && fromTokens.dropFirst().first?.word != "as" { return nil }
        if fromTokens.count >= 2 && fromTokens.last?.identifier == nil { return nil }
        guard !list[(order + 2)..<end].contains(where: isParameter),
              !(0..<end).contains(where: { namesPlumeParameter(list, at: $0) }) else { return nil }
        return SelectOutline(
            columns: tokens.text(from: 1, to: from), table: table,
            from: tokens.text(from: from + 1, to: fromEnd),
            filter: whereIndex.map { tokens.text(from: $0 + 1, to: order) },
            orderingTerms: tokens.text(from: order + 2, to: end))
    }

    /// Whether a structured request's filter is one expression on the row
    /// it is evaluated for: text SQLite tokenizes, with no parenthesis
    /// closing more than it opened (the filter goes inside parentheses), no
    /// subquery (which would read other rows: `score > (SELECT avg(score)
    /// FROM t)`), and no parameter named like Plume's own.
    static func isSelfContainedFilter(_ filter: String) -> Bool {
        guard let list = SQLTokens(filter)?.tokens else { return false }
        return !list.contains { $0.word == "select" || $0.text == ";" } && !list.indices.contains { namesPlumeParameter(list, at: $0) }
    }

    /// Whether a token starts a parameter: `?`, `?NNN`, `:name`, `@name`,
    /// `$name` (and `#name`, which SQLite's tokenizer reads as one too).
    private static func isParameter(_ token: SQLTokens.Token) -> Bool {
        ["?", ":", "@", "#"].contains(token.text) || token.text.hasPrefix("$")
    }

    /// Whether the token at `index` starts a parameter named `plume_…`,
    /// the prefix of the parameters Plume adds.
    private static func namesPlumeParameter(_ list: [SQLTokens.Token], at index: Int) -> Bool {
        let token = list[index]
        if token.text.hasPrefix("$") { return token.text.lowercased().hasPrefix("$plume_") }
        guard isParameter(token), index + 1 < list.count else { return false }
        return list[index + 1].text.lowercased().hasPrefix("plume_") && list[index + 1].range.lowerBound == token.range.upperBound
    }

    private init(columns: String, table: String, from: String, filter: String?, orderingTerms: String) {
        self.columns = columns
        self.table = table
        self.from = from
        self.filter = filter
        self.orderingTerms = orderingTerms
    }
}
