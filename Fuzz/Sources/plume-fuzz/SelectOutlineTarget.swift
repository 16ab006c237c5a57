import FetchedResults
import Persistence

/// The schema both connections of `select-outline` hold: rowid tables (one
/// with a quoted name and a keyword column), a `WITHOUT ROWID` table and a
/// view, with rows that tie, hold NULLs and mix types.
private let outlineSchema = #"""
    CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT, b REAL, c);
    CREATE INDEX t_a ON t(a);
    CREATE TABLE u(id INTEGER PRIMARY KEY, t_id INTEGER REFERENCES t(id), d TEXT);
    CREATE TABLE "odd ""name"""(id INTEGER PRIMARY KEY, "select" TEXT, "order" INT);
    CREATE TABLE w(k TEXT PRIMARY KEY, e) WITHOUT ROWID;
    CREATE VIEW v AS SELECT id, a FROM t;
    INSERT INTO t VALUES (1, 'x', 1.5, NULL), (2, 'y', NULL, 'z'), (3, NULL, 1.5, 3), (4, 'x', -2, x'00ff'),
        (5, 'X', 0, ''), (6, 'y', 1.5, 2.5);
    INSERT INTO u VALUES (1, 1, 'p'), (2, 3, 'q'), (3, 3, NULL);
    INSERT INTO "odd ""name""" VALUES (1, 'b', 2), (2, 'a', 2), (3, NULL, 1);
    INSERT INTO w VALUES ('k1', 1), ('k2', 2);
    """#

/// The connections, made once: the fuzzer runs one input at a time on
/// one thread, so the shared state is never used concurrently.
private nonisolated(unsafe) let outlineDatabase: Database = {
    do {
        let db = try Database(location: .inMemory)
        try db.execute(sql: outlineSchema)
        return db
    } catch {
        FuzzTarget.fail("the select-outline schema does not run: \(error)")
    }
}()
private nonisolated(unsafe) let outlineOracle = SQLiteOracle(schema: outlineSchema)

extension FuzzTarget {
    /// The SQL tokenizer and the single-table query recogniser
    /// (`SelectOutline`), differential: a raw query Plume follows
    /// incrementally must be one SQLite reads as one rowid table without
    /// an aggregate, and the queries Plume rebuilds from its parts must
    /// give the query's own rows.
    static let selectOutline = FuzzTarget(
        name: "select-outline",
        summary: "SQL tokenizer and SelectOutline: what Plume follows incrementally, SQLite reads as one table; the rebuilt queries give the same rows"
    ) { input in
        let sql = input.text
        checkTokens(sql)
        let queries: [String]?
        do {
            queries = try IncrementalQueryProbe.incrementalQueries(sql: sql, identityColumn: "id", outlineDatabase)
        } catch {
            return // SQL that does not compile: an error, as it should be
        }
        guard let queries else { return }
        confirmIncremental(sql, queries: queries)
    }

    /// The tokens of any text are in order, inside it, their depth never
    /// negative, and every span between two of them can be taken.
    private static func checkTokens(_ sql: String) {
        guard let tokens = SQLTokens(sql) else { return }
        let count = sql.utf8.count
        var previousEnd = 0
        for (index, token) in tokens.tokens.enumerated() {
            guard token.range.lowerBound >= previousEnd, token.range.upperBound <= count, !token.range.isEmpty, token.depth >= 0 else {
                fatalError("token \(index) \(token.range) of \(sql.debugDescription) overlaps, is empty or lies outside the text")
            }
            previousEnd = token.range.upperBound
            _ = tokens.text(from: index, to: tokens.tokens.count)
        }
    }

    /// SQLite's side of a query Plume follows incrementally.
    private static func confirmIncremental(_ sql: String, queries: [String]) {
        func disagree(_ what: String) -> Never {
            fatalError("Plume follows \(sql.debugDescription) incrementally, but \(what)")
        }
        guard let reading = outlineOracle.read(sql) else { disagree("SQLite does not compile it as one statement: \(outlineOracle.message)") }
        guard reading.tables.count == 1, let table = reading.tables.first, ["t", "u", "odd \"name\""].contains(table) else {
            disagree("SQLite reads the tables \(reading.tables.sorted()), not one rowid table")
        }
        guard !reading.aggregates else { disagree("SQLite's program aggregates") }
        for query in queries {
            guard let rebuilt = outlineOracle.read(query) else { disagree("the rebuilt \(query.debugDescription) does not compile: \(outlineOracle.message)") }
            guard rebuilt.tables == [table] else { disagree("the rebuilt \(query.debugDescription) reads \(rebuilt.tables.sorted())") }
        }
        guard let original = outlineOracle.rows(sql), let ordered = outlineOracle.rows(queries[0]) else { return } // a run-time error
        guard original.sorted(by: { $0.lexicographicallyPrecedes($1) }) == ordered.sorted(by: { $0.lexicographicallyPrecedes($1) }) else {
            disagree("the ordered \(queries[0].debugDescription) gives \(ordered), the query \(original)")
        }
        guard let idColumn = reading.columns.firstIndex(where: { $0.lowercased() == "id" }) else { disagree("it has no id column") }
        for (position, row) in ordered.enumerated() {
            guard let rowID = Int64(row[idColumn].text) else { disagree("the id \(row[idColumn]) is not an integer") }
            guard let single = outlineOracle.rows(queries[1], binding: [":plume_rowid": rowID]), single == [row] else {
                disagree("the row query \(queries[1].debugDescription) for rowid \(rowID) does not give \(row)")
            }
            guard position + 1 < ordered.count, let nextID = Int64(ordered[position + 1][idColumn].text) else { continue }
            for (a, b) in [(rowID, nextID), (nextID, rowID)] {
                guard let first = outlineOracle.rows(queries[2], binding: [":plume_a": a, ":plume_b": b]), first == [row] else {
                    disagree("the comparison \(queries[2].debugDescription) of rowids \(a) and \(b) does not give \(row) first")
                }
            }
        }
    }
}
