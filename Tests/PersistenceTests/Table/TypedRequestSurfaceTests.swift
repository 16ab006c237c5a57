import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

/// A record of random text, numbers and NULLs for the request forms.
@Table("sample")
struct Sample: Equatable {
    @Column(primaryKey: true) var id: Int64
    var text: String
    var label: String?
    var score: Int?
}

/// The `sample` table read as another record.
@Table("sample")
struct SampleLabel: Equatable {
    var id: Int64
    var label: String?
}

/// Each request form against hand-written SQL on random data: NULLs,
/// ties, non-ASCII text, `%`, `_`, `*`, `?` and `[` in the text and the
/// patterns.
@Suite struct TypedRequestSurfaceTests {
    static let alphabet: [String] = ["a", "A", "b", "é", "É", "%", "_", "*", "?", "[", "]", "\\", " ", "ü"]

    static func randomText(_ generator: inout SeededGenerator, maxLength: Int = 6) -> String {
        (0..<Int.random(in: 0...maxLength, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
    }

    static func withSamples(_ body: (Database, [Sample], inout SeededGenerator) throws -> Void) throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE sample (id INTEGER PRIMARY KEY, text TEXT NOT NULL, label TEXT, score INTEGER)")
            var generator = SeededGenerator(seed: 3_636)
            var samples: [Sample] = []
            for id in 1...120 {
                let sample = Sample(id: Int64(id), text: randomText(&generator),
                                    label: generator.chance(25) ? nil : randomText(&generator, maxLength: 2),
                                    score: generator.chance(20) ? nil : Int.random(in: 0...5, using: &generator))
                try sample.insert(db)
                samples.append(sample)
            }
            try body(db, samples, &generator)
        }
    }

    /// The ids a hand-written query returns.
    static func ids(_ db: Database, _ sql: String, _ arguments: StatementArguments = []) throws -> [Int64] {
        try Int64.fetchAll(db, sql: sql, arguments: arguments)
    }

    @Test func textMatchingIsCaseSensitiveAndEscaped() throws {
        try Self.withSamples { db, samples, generator in
            for _ in 0..<60 {
                let needle = Self.randomText(&generator, maxLength: 3)
                let scalars = Array(needle.unicodeScalars)
                let contains = try Sample.all().where { $0.text.contains(needle) }.order(by: \.id).fetchAll(db).map(\.id)
                #expect(contains == (try Self.ids(db, "SELECT id FROM sample WHERE instr(text, ?) > 0 OR ? = '' ORDER BY id", [needle, needle])), "\(needle)")
                #expect(contains == samples.filter { $0.text.unicodeScalars.contains(scalars) }.map(\.id), "\(needle)")
                let prefixed = try Sample.all().where { $0.text.hasPrefix(needle) }.order(by: \.id).fetchAll(db).map(\.id)
                #expect(prefixed == samples.filter { Array($0.text.unicodeScalars).starts(with: scalars) }.map(\.id), "\(needle)")
                #expect(prefixed == (try Self.ids(db, "SELECT id FROM sample WHERE substr(text, 1, length(?)) = ? ORDER BY id", [needle, needle])))
                let suffixed = try Sample.all().where { $0.text.hasSuffix(needle) }.order(by: \.id).fetchAll(db).map(\.id)
                #expect(suffixed == samples.filter { Array($0.text.unicodeScalars).reversed().starts(with: scalars.reversed()) }.map(\.id), "\(needle)")
                let labelled = try Sample.all().where { $0.label.contains(needle) }.order(by: \.id).fetchAll(db).map(\.id)
                #expect(labelled == samples.filter { $0.label.map { $0.unicodeScalars.contains(scalars) } ?? false }.map(\.id), "\(needle)")
                // LIKE with an escape character: the text itself, ASCII case folded.
                let escaped = needle.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                    .replacingOccurrences(of: "_", with: "\\_")
                let liked = try Sample.all().where { $0.text.like("%\(escaped)%", escape: "\\") }.order(by: \.id).fetchAll(db).map(\.id)
                #expect(liked == (try Self.ids(db, #"SELECT id FROM sample WHERE text LIKE ? ESCAPE '\' ORDER BY id"#, ["%\(escaped)%"])))
            }
            #expect(Sample.all().where { $0.text.hasPrefix("a*[") }.arguments == ["a[*][[]*"])
        }
    }

    @Test func offsetsAndNullOrderingMatchHandWrittenSQL() throws {
        try Self.withSamples { db, _, generator in
            for _ in 0..<40 {
                let limit = Int.random(in: 0...30, using: &generator)
                let offset = Int.random(in: 0...130, using: &generator)
                let paged = try Sample.all().order(by: \.score, \.id).limit(limit).offset(offset).fetchAll(db).map(\.id)
                #expect(paged == (try Self.ids(db, "SELECT id FROM sample ORDER BY score, id LIMIT ? OFFSET ?", [limit, offset])))
                let unlimited = try Sample.all().order(by: \.id).offset(offset).fetchAll(db).map(\.id)
                #expect(unlimited == (try Self.ids(db, "SELECT id FROM sample ORDER BY id LIMIT -1 OFFSET ?", [offset])))
                #expect(try Sample.all().where { $0.score >= 2 }.offset(offset).fetchCount(db)
                        == Int.fetchOne(db, sql: "SELECT count(*) FROM (SELECT 1 FROM sample WHERE score >= 2 LIMIT -1 OFFSET ?)", arguments: [offset]))
            }
            let ascendingLast = Sample.all().order { [$0.label.ascending.nullsLast, $0.score.descending.nullsFirst, $0.id.ascending] }
            #expect(ascendingLast.sql.hasSuffix(#"ORDER BY "label" ASC NULLS LAST, "score" DESC NULLS FIRST, "id" ASC"#))
            #expect(try ascendingLast.fetchAll(db).map(\.id)
                    == Self.ids(db, "SELECT id FROM sample ORDER BY label IS NULL, label, score IS NOT NULL, score DESC, id"))
        }
    }

    @Test func aggregatesGroupsAndSelectionsMatchHandWrittenSQL() throws {
        try Self.withSamples { db, samples, generator in
            for _ in 0..<30 {
                let threshold = Int.random(in: 0...5, using: &generator)
                let minimum = Int.random(in: 1...4, using: &generator)
                let grouped = Sample.all()
                    .where { $0.score >= threshold || $0.score == nil }
                    .select { ($0.label, $0.id.count, $0.score.sum, $0.score.min, $0.score.max, $0.score.avg, $0.label.distinctCount) }
                    .group(by: \.label)
                    .having { $0.id.count >= minimum }
                    .order { [$0.id.count.descending, $0.label.ascending.nullsFirst] }
                #expect(grouped.sql == #"SELECT "label", COUNT("id"), SUM("score"), MIN("score"), MAX("score"), AVG("score"), COUNT(DISTINCT "label") FROM "sample" WHERE (("score" >= ?) OR ("score" IS NULL)) GROUP BY "label" HAVING (COUNT("id") >= ?) ORDER BY COUNT("id") DESC, "label" ASC NULLS FIRST"#)
                #expect(grouped.arguments == StatementArguments(positional: [.integer(Int64(threshold)), .integer(Int64(minimum))]))
                let typed = try grouped.fetchAll(db)
                let rows = try Row.fetchAll(db, sql: """
                    SELECT label, count(id), sum(score), min(score), max(score), avg(score), count(DISTINCT label) FROM sample
                    WHERE score >= ? OR score IS NULL GROUP BY label HAVING count(id) >= ? ORDER BY count(id) DESC, label IS NOT NULL, label
                    """, arguments: [threshold, minimum])
                #expect(typed.count == rows.count)
                for (values, row) in zip(typed, rows) {
                    #expect(values.0 == (try row.decode(String?.self, at: 0)))
                    #expect(values.1 == (try row.decode(Int.self, at: 1)))
                    #expect(values.2 == (try row.decode(Int?.self, at: 2)))
                    #expect(values.3 == (try row.decode(Int?.self, at: 3)))
                    #expect(values.4 == (try row.decode(Int?.self, at: 4)))
                    #expect(values.5 == (try row.decode(Double?.self, at: 5)))
                    #expect(values.6 == (try row.decode(Int.self, at: 6)))
                }
            }
            // Without GROUP BY: one row of aggregates, as Swift computes them.
            let scores = samples.compactMap(\.score)
            let totals = try #require(try Sample.all().select { ($0.id.count, $0.score.count, $0.score.sum, $0.text.max) }.fetchOne(db))
            #expect(totals.0 == samples.count)
            #expect(totals.1 == scores.count)
            #expect(totals.2 == scores.reduce(0, +))
            #expect(totals.3 == (try String.fetchOne(db, sql: "SELECT max(text) FROM sample")))
            let none = try #require(try Sample.all().where { $0.id < 0 }.select { ($0.score.sum, $0.score.avg, $0.id.max) }.fetchOne(db))
            #expect(none.0 == nil && none.1 == nil && none.2 == nil)
            // Some columns into a tuple, in the request's order and limit.
            let pairs = try Sample.all().where { $0.label != nil }.order(by: \.id.descending).limit(5).select { ($0.id, $0.label) }.fetchAll(db)
            let expected = samples.filter { $0.label != nil }.sorted { $0.id > $1.id }.prefix(5)
            #expect(pairs.map(\.0) == expected.map(\.id))
            #expect(pairs.map(\.1) == expected.map(\.label))
            // Another record over the same table.
            let projected = Sample.all().where { $0.score == 3 }.order(by: \.id).select(as: SampleLabel.self)
            #expect(projected.sql == #"SELECT "id", "label" FROM "sample" WHERE ("score" = ?) ORDER BY "id" ASC"#)
            #expect(try projected.fetchAll(db) == samples.filter { $0.score == 3 }.map { SampleLabel(id: $0.id, label: $0.label) })
            #expect(try projected.fetchOne(db) == samples.first { $0.score == 3 }.map { SampleLabel(id: $0.id, label: $0.label) })
        }
    }
}

/// The right side of the join tests.
@Table("bucket")
struct Bucket: Equatable {
    @Column(primaryKey: true) var id: Int
    var name: String
    var score: Int?
}

@Suite struct TypedJoinTests {
    @Test func pairsMatchHandWrittenJoins() throws {
        try TypedRequestSurfaceTests.withSamples { db, samples, generator in
            try db.execute(sql: "CREATE TABLE bucket (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
            var buckets: [Bucket] = []
            for id in 0...4 {
                let bucket = Bucket(id: id, name: "b\(id)", score: generator.chance(30) ? nil : Int.random(in: 0...5, using: &generator))
                try bucket.insert(db)
                buckets.append(bucket)
            }
            for _ in 0..<20 {
                let threshold = Int.random(in: 0...5, using: &generator)
                let limit = Int.random(in: 1...40, using: &generator)
                let join = Sample.all()
                    .where { $0.score >= threshold }
                    .order { [$0.label.descending.nullsLast, $0.id.ascending] }
                    .limit(limit)
                    .join(Bucket.self) { $0.score == $1.id }
                    .where { $0.name != "b3" }
                let pairs = try join.fetchAll(db)
                let expected = try Row.fetchAll(db, sql: """
                    SELECT sample.id, bucket.id FROM sample JOIN bucket ON sample.score = bucket.id
                    WHERE sample.score >= ? AND bucket.name <> 'b3' ORDER BY sample.label IS NULL, sample.label DESC, sample.id LIMIT ?
                    """, arguments: [threshold, limit])
                #expect(try pairs.map(\.left.id) == expected.map { try $0.decode(Int64.self, at: 0) })
                #expect(try pairs.map(\.right.id) == expected.map { try $0.decode(Int.self, at: 1) })
                for pair in pairs {
                    #expect(samples.first { $0.id == pair.left.id } == pair.left)
                    #expect(buckets.first { $0.id == pair.right.id } == pair.right)
                }
            }
            let sql = Sample.all().where { $0.id > 3 }.join(Bucket.self) { $0.score == $1.id && $0.score == $1.score }.sql
            #expect(sql == #"SELECT "l"."id", "l"."text", "l"."label", "l"."score", "r"."id", "r"."name", "r"."score" FROM (SELECT "id", "text", "label", "score" FROM "sample" WHERE ("id" > ?)) AS "l" JOIN (SELECT "id", "name", "score" FROM "bucket") AS "r" ON ("l"."score" = "r"."id") AND ("l"."score" = "r"."score")"#)
        }
    }
}
