/// A unique index of a recorded table besides its key, as the conflict
/// triggers look it up: `REPLACE` conflict resolution deletes the rows an
/// insert or update conflicts with on such an index without running
/// delete triggers, so the triggers record those rows before the write.
///
/// Each indexed term is a column or an expression; a partial index's
/// filter narrows the rows looked up. An expression is evaluated on the
/// new row by naming the new values after the table's columns
/// (`(SELECT lower(code) FROM (SELECT NEW."code" AS "code", …))`), so any
/// expression SQLite accepts in an index works unchanged.
struct ChangeHistoryUniqueIndex {
    struct Term {
        /// The column name, or the expression's SQL.
        var sql: String
        var isExpression: Bool
        var collation: String
    }

    let name: String
    let terms: [Term]
    /// A partial index's `WHERE` expression.
    let filter: String?

    /// The condition, inside a trigger on the table, under which a row of
    /// the table conflicts with `NEW` on this index.
    ///
    /// - Parameter newValue: The SQL of the new row's value of a column
    ///   (`NEW."code"`).
    func conflictCondition(columns: [String], newValue: (String) -> String = { "NEW.\(quoteIdentifier($0))" }) -> String {
        let newRow = "SELECT " + columns.map { "\(newValue($0)) AS \(quoteIdentifier($0))" }.joined(separator: ", ")
        let equalities = terms.map { term in
            term.isExpression
                ? "(\(term.sql)) = (SELECT (\(term.sql)) FROM (\(newRow))) COLLATE \(quoteIdentifier(term.collation))"
                : "\(quoteIdentifier(term.sql)) = \(newValue(term.sql)) COLLATE \(quoteIdentifier(term.collation))"
        }
        return "(" + (equalities + (filter.map { ["(\($0))"] } ?? [])).joined(separator: " AND ") + ")"
    }
}

extension Database {
    /// The unique indexes of `table` besides its key, and the reasons some
    /// cannot be looked up from a trigger (an index on a generated column,
    /// or SQL Plume cannot take apart).
    func historyUniqueIndexes(of table: String, key: ChangeHistoryKey, columns: [HistoryColumn])
        throws -> (indexes: [ChangeHistoryUniqueIndex], uncovered: [String])
    {
        let list = try Row.fetchAll(self, sql: """
            SELECT il.name, il.origin, il.partial, m.sql FROM pragma_index_list(?, 'main') AS il
            LEFT JOIN main.sqlite_master AS m ON m.type = 'index' AND m.name = il.name
            WHERE il."unique" ORDER BY il.name
            """, arguments: [table])
        var indexes: [ChangeHistoryUniqueIndex] = []
        var uncovered: [String] = []
        for row in list {
            let name = try row.decode(String.self, at: 0)
            if key.columns != nil, try row.decode(String.self, at: 1) == "pk" { continue }
            let sql = try row.decode(String?.self, at: 3)
            do {
                indexes.append(try historyUniqueIndex(name, sql: sql, partial: try row.decode(Bool.self, at: 2), table: table, columns: columns))
            } catch let reason as UncoveredIndex {
                uncovered.append("the unique index \"\(name)\" \(reason.why)")
            }
        }
        return (indexes, uncovered)
    }

    private struct UncoveredIndex: Error { var why: String }

    private func historyUniqueIndex(_ name: String, sql: String?, partial: Bool, table: String, columns: [HistoryColumn])
        throws -> ChangeHistoryUniqueIndex
    {
        let keyColumns = try Row.fetchAll(self, sql: "SELECT cid, name, coll FROM pragma_index_xinfo(?, 'main') WHERE key ORDER BY seqno", arguments: [name])
        let parsed = sql.flatMap(IndexDefinition.init)
        var terms: [ChangeHistoryUniqueIndex.Term] = []
        for (position, column) in keyColumns.enumerated() {
            let cid = try column.decode(Int.self, at: 0)
            let collation = try column.decode(String.self, at: 2)
            if cid >= 0 {
                let columnName = try column.decode(String.self, at: 1)
                if columns.first(where: { $0.name.sqlNameKey() == columnName.sqlNameKey() })?.isGenerated == true {
                    throw UncoveredIndex(why: "is on the generated column \"\(columnName)\", which a BEFORE trigger cannot read")
                }
                terms.append(.init(sql: columnName, isExpression: false, collation: collation))
            } else {
                guard let parsed, position < parsed.terms.count else {
                    throw UncoveredIndex(why: "has an expression Plume could not read from its SQL")
                }
                guard !columns.contains(where: \.isGenerated) else {
                    throw UncoveredIndex(why: "is on an expression of a table with generated columns, which a BEFORE trigger cannot read")
                }
                terms.append(.init(sql: parsed.terms[position], isExpression: true, collation: collation))
            }
        }
        let filter = partial ? parsed?.filter : nil
        if partial, filter == nil { throw UncoveredIndex(why: "is partial and Plume could not read its WHERE clause") }
        let index = ChangeHistoryUniqueIndex(name: name, terms: terms, filter: filter)
        try checkCompiles(index, table: table, columns: columns.map(\.name))
        return index
    }

    /// Prepares the index's lookup outside a trigger, so that a trigger
    /// that could not run is never installed.
    private func checkCompiles(_ index: ChangeHistoryUniqueIndex, table: String, columns: [String]) throws {
        let condition = index.conflictCondition(columns: columns) { _ in "NULL" }
        do {
            _ = try makeStatement(sql: "SELECT 1 FROM main.\(quoteIdentifier(table)) WHERE \(condition) LIMIT 0")
        } catch {
            throw UncoveredIndex(why: "cannot be looked up from a trigger (\(error))")
        }
    }
}

/// One column of a recorded table.
struct HistoryColumn {
    let name: String
    let isGenerated: Bool
}

/// The indexed terms and filter of a `CREATE INDEX` statement, taken from
/// its tokens: comments dropped, everything else as written.
struct IndexDefinition {
    /// Each indexed term without its `COLLATE` and `ASC`/`DESC`.
    var terms: [String]
    var filter: String?

    init?(_ sql: String) {
        guard let tokens = SQLTokens(sql) else { return nil }
        let list = tokens.tokens
        guard let on = list.firstIndex(where: { $0.depth == 0 && $0.word == "on" }),
              let open = list[on...].firstIndex(where: { $0.depth == 0 && $0.text == "(" }),
              let close = list[(open + 1)...].firstIndex(where: { $0.depth == 0 && $0.text == ")" }), close > open + 1
        else { return nil }
        var terms: [String] = []
        var start = open + 1
        for index in (open + 1)...close where index == close || (list[index].depth == 1 && list[index].text == ",") {
            guard index > start else { return nil }
            terms.append(Self.term(tokens, start...(index - 1)))
            start = index + 1
        }
        self.terms = terms
        var end = list.count - 1
        if list[end].text == ";" { end -= 1 }
        if close + 1 <= end, list[close + 1].word == "where", close + 2 <= end {
            filter = tokens.textWithoutComments((close + 2)...end)
        }
    }

    /// A term's expression: its trailing `ASC`/`DESC` and `COLLATE name`
    /// removed (the index's collation comes from `pragma_index_xinfo`).
    private static func term(_ tokens: SQLTokens, _ range: ClosedRange<Int>) -> String {
        var last = range.upperBound
        let list = tokens.tokens
        if last > range.lowerBound, ["asc", "desc"].contains(list[last].word ?? "") { last -= 1 }
        if last - 1 > range.lowerBound, list[last - 1].depth == 1, list[last - 1].word == "collate" { last -= 2 }
        return tokens.textWithoutComments(range.lowerBound...last)
    }
}
