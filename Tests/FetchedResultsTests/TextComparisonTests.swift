import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// Identities, sections and their order compare text as SQLite does:
/// byte for byte under `BINARY`, folding ASCII under `NOCASE`, ignoring
/// trailing spaces under `RTRIM`; never as Swift's `String ==`, which calls
/// canonically equivalent texts equal.
@Suite struct TextComparisonTests {
    static let composed = "\u{E9}", decomposed = "e\u{301}"

    static func sectionNames(_ controller: FetchedResultsController<Row>) -> [DatabaseValue] {
        controller.snapshot.sections.map(\.name)
    }

    @Test func canonicallyEquivalentIdentitiesAreTwoRows() async throws {
        try await TestDatabase.withItems { writer, _ in
            try await writer.write { db in
                try db.execute(sql: "CREATE TABLE tag (name TEXT PRIMARY KEY, n INTEGER) WITHOUT ROWID")
                try db.execute(sql: "INSERT INTO tag VALUES (?, 1), (?, 2)", arguments: [Self.composed, Self.decomposed])
            }
            let request = FetchRequest(table: "tag", sortedBy: [.ascending("n")], identityColumn: "name")
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "d"))
            try await controller.performFetch()
            defer { controller.stopObserving() }
            #expect(controller.snapshot.count == 2)
        }
    }

    /// SQLite orders "e\u{301}" < "f" < "\u{E9}" (by bytes): three sections,
    /// where `String ==` saw "\u{E9}" reappear.
    @Test func canonicallyEquivalentSectionsAreTwoSectionsInSQLitesOrder() async throws {
        try await TestDatabase.withItems { writer, _ in
            try await writer.write { db in
                try db.execute(sql: "INSERT INTO item (section, name) VALUES (?, 'a'), ('f', 'b'), (?, 'c')",
                               arguments: [Self.composed, Self.decomposed])
            }
            let request = FetchRequest(table: "item", sortedBy: [.ascending("section")], sectionColumn: "section")
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "d"))
            try await controller.performFetch()
            defer { controller.stopObserving() }
            #expect(Self.sectionNames(controller) == [.text(Self.decomposed), .text("f"), .text(Self.composed)])
        }
    }

    /// Sections of a `NOCASE` (or `RTRIM`) column group the values SQLite
    /// orders as equal, named by the collation's key, and stay right as
    /// commits move rows between them, incrementally and by refetch.
    @Test(arguments: ["NOCASE", "RTRIM"], [false, true])
    func sectionsOfACollatedColumnFollowItsCollation(collation: String, raw: Bool) async throws {
        try await TestDatabase.withTemporary { database in
            let writer = try DatabaseQueue(path: database.path)
            defer { try? writer.close() }
            let variants = collation == "NOCASE" ? ["Porto", "porto", "PORTO", "Lisbon", "lisbon"] : ["Porto", "Porto ", "Porto  ", "Lisbon", "Lisbon "]
            try await writer.write { db in
                try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY, album TEXT COLLATE \(collation), name TEXT)")
                for (index, album) in variants.enumerated() {
                    try db.execute(sql: "INSERT INTO photo (album, name) VALUES (?, ?)", arguments: [album, "p\(index)"])
                }
            }
            let request = raw
                ? FetchRequest(sql: "SELECT id, album, name FROM photo WHERE id > 0 GROUP BY id ORDER BY album", sectionColumn: "album")
                : FetchRequest(table: "photo", sortedBy: [.ascending("album")], sectionColumn: "album")
            let delivery = DispatchQueue(label: "d")
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: delivery)
            try await controller.performFetch()
            defer { controller.stopObserving() }
            let lisbon = BuiltInCollation(name: collation)!.key(.text("Lisbon"))
            let porto = BuiltInCollation(name: collation)!.key(.text("Porto"))
            #expect(Self.sectionNames(controller) == [lisbon, porto])
            #expect(controller.snapshot.sections.map(\.numberOfObjects) == [2, 3])
            var random = SeededGenerator(seed: 77)
            for _ in 0..<30 {
                let album = (variants + ["Faro", "faro ", "FARO"]).randomElement(using: &random)!
                let id = Int.random(in: 1...5, using: &random)
                try await writer.write { db in
                    try db.execute(sql: "UPDATE photo SET album = ? WHERE id = ?", arguments: [album, id])
                }
                // A queue's observers run before `write` returns; the
                // snapshot reaches the controller on its delivery queue.
                delivery.sync {}
                let fresh = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "f"))
                try await fresh.performFetch()
                fresh.stopObserving()
                #expect(Self.sectionNames(controller) == Self.sectionNames(fresh))
                #expect(controller.snapshot.sections.map(\.numberOfObjects) == fresh.snapshot.sections.map(\.numberOfObjects))
            }
            #expect(controller.snapshot.isEmpty == false)
        }
    }

    /// A column of a custom collation: rows are placed by asking SQLite,
    /// so the list keeps the collation's order through commits.
    @Test(arguments: [false, true])
    func aCustomCollationOrdersTheListAsSQLiteDoes(pool: Bool) async throws {
        try await TestDatabase.withTemporary { database in
            var configuration = Database.Configuration()
            configuration.prepareDatabase = { db in
                try db.add(collation: DatabaseCollation("length") { lhs, rhs in
                    lhs.count == rhs.count ? .orderedSame : (lhs.count < rhs.count ? .orderedAscending : .orderedDescending)
                })
            }
            let writer: any DatabaseWriter = pool ? try DatabasePool(path: database.path, configuration: configuration)
                : try DatabaseQueue(path: database.path, configuration: configuration)
            defer { try? writer.close() }
            try await writer.write { db in
                try db.execute(sql: "CREATE TABLE word (id INTEGER PRIMARY KEY, text TEXT COLLATE length)")
                for text in ["ccc", "a", "bb", "dddd", "ee"] { try db.execute(sql: "INSERT INTO word (text) VALUES (?)", arguments: [text]) }
            }
            let request = FetchRequest(table: "word", sortedBy: [.ascending("text")])
            let delivery = DispatchQueue(label: "d")
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: delivery)
            try await controller.performFetch()
            defer { controller.stopObserving() }
            for (id, text) in [(1, "z"), (4, "yyyyyy"), (2, "xxx")] {
                try await writer.write { db in try db.execute(sql: "UPDATE word SET text = ? WHERE id = ?", arguments: [text, id]) }
            }
            let expected = try await writer.read { db in try String.fetchAll(db, sql: "SELECT text FROM word ORDER BY text, id") }
            let deadline = Date().addingTimeInterval(10)
            func shown() throws -> [String] { try controller.snapshot.fetchedObjects.map { try $0.decode(String.self, at: 1) } }
            while try shown() != expected, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
            #expect(try shown() == expected)
            #expect(expected.map(\.count) == expected.map(\.count).sorted())
        }
    }
}
