import Foundation
import PlumeTestSupport
import Testing

/// `plume watch` follows its path as `tail -F` does: another file moved
/// over the database, the database deleted and created again, or the link
/// it was given pointed at another database, and the watch shows the new
/// file's rows as one change, then follows commits to the new file. A file
/// deleted for good ends it with an error.
@Suite struct WatchReplacedFileTests {
    static let query = "SELECT * FROM photo ORDER BY album, id"

    static func schema(journalMode: String, rows: [String]) -> String {
        """
        PRAGMA journal_mode = \(journalMode);
        CREATE TABLE photo (id INTEGER PRIMARY KEY, album TEXT NOT NULL, name TEXT NOT NULL, thumb);
        \(rows.map { "INSERT INTO photo (album, name, thumb) VALUES \($0);" }.joined(separator: "\n"))
        """
    }

    static let oldRows = ["('Lisbon', 'Tram', X'CAFE')", "('Porto', 'Tiles', '')", "('Porto', 'River', NULL)"]
    static let newRows = ["('Lisbon', 'Tram', X'CAFE')", "('Porto', 'Tiles', X'')", "('Faro', 'Beach', 'sand')"]

    enum Replacement: String, CaseIterable, CustomTestStringConvertible {
        case renamedOver, deletedAndCreatedAgain, symbolicLinkRetargeted
        var testDescription: String { rawValue }
    }

    /// Reads change events until the list shows what the file holds.
    static func follow(_ list: inout WatchedList, _ watch: StreamingPlume, path: String, section: String? = "album") throws {
        let fresh = try freshList(path, sql: query, section: section)
        let deadline = ContinuousClock.now + .seconds(20)
        while list != fresh {
            try list.apply(change: watch.nextLine(timeout: deadline - ContinuousClock.now))
        }
    }

    @Test(arguments: Replacement.allCases, ["WAL", "DELETE"])
    func followsTheFileAtItsPath(replacement: Replacement, journalMode: String) throws {
        let directory = try TemporaryDirectory()
        var path = directory.path("photos.sqlite")
        if replacement == .symbolicLinkRetargeted {
            try sqlite3Script(directory.path("a.sqlite"), Self.schema(journalMode: journalMode, rows: Self.oldRows))
            #expect(symlink(directory.path("a.sqlite"), directory.path("link.sqlite")) == 0)
            path = directory.path("link.sqlite")
        } else {
            try sqlite3Script(path, Self.schema(journalMode: journalMode, rows: Self.oldRows))
        }
        let watch = try StreamingPlume(["watch", path, Self.query, "--section", "album"])
        var list = try WatchedList(initial: watch.nextLine())
        #expect(list == (try freshList(path, sql: Self.query, section: "album")))
        // A write-ahead log with frames belongs to the file it was written
        // for: SQLite's own rule is to move a database only without one.
        if journalMode == "WAL" { try sqlite3Script(path, "PRAGMA wal_checkpoint(TRUNCATE);") }

        let new = directory.path("new.sqlite")
        try sqlite3Script(new, Self.schema(journalMode: journalMode, rows: Self.newRows))
        switch replacement {
        case .renamedOver:
            #expect(rename(new, path) == 0)
        case .deletedAndCreatedAgain:
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
            try sqlite3Script(path, Self.schema(journalMode: journalMode, rows: Self.newRows))
        case .symbolicLinkRetargeted:
            #expect(symlink(new, directory.path("link.tmp")) == 0)
            #expect(rename(directory.path("link.tmp"), path) == 0)
        }
        try Self.follow(&list, watch, path: path)
        #expect(list.sections.map(\.name) == ["\"Faro\"", "\"Lisbon\"", "\"Porto\""])
        #expect(list.sections[2].rows == [#"{"album":"Porto","id":2,"name":"Tiles","thumb":{"base64":""}}"#])

        // Then commits to the new file, by another process.
        try sqlite3Script(path, "INSERT INTO photo (album, name) VALUES ('Évora', 'Temple'); DELETE FROM photo WHERE name = 'Tram';")
        try Self.follow(&list, watch, path: path)
        let end = try watch.stop(signal: SIGINT)
        #expect(end.status == 0)
        #expect(end.stderr.isEmpty)
    }

    /// A database deleted for good ends the watch with status 1 and an
    /// error naming it, within the check interval.
    @Test(arguments: ["WAL", "DELETE"])
    func aDeletedDatabaseEndsTheWatch(journalMode: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        try sqlite3Script(path, Self.schema(journalMode: journalMode, rows: Self.oldRows))
        let watch = try StreamingPlume(["watch", path, Self.query])
        _ = try watch.nextLine()
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        #expect(throws: ProcessFailure.self) { try watch.nextLine(timeout: .seconds(20)) }
        let end = try watch.stop(signal: SIGINT)
        #expect(end.status == 1)
        #expect(end.stderr.contains("\(path) was deleted"), "\(end.stderr)")
    }

    /// A value that changes storage class but not bytes (`''` to `X''`) is
    /// a change event, and JSON shows the blob as a blob.
    @Test func aTextBecomingABlobOfTheSameBytesIsAChange() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        try sqlite3Script(path, Self.schema(journalMode: "DELETE", rows: Self.oldRows))
        let watch = try StreamingPlume(["watch", path, Self.query])
        var list = try WatchedList(initial: watch.nextLine())
        try sqlite3Script(path, "UPDATE photo SET thumb = X'' WHERE thumb = '';")
        try Self.follow(&list, watch, path: path, section: nil)
        #expect(list.sections[0].rows.contains(#"{"album":"Porto","id":2,"name":"Tiles","thumb":{"base64":""}}"#))
        #expect(try watch.stop().status == 0)
    }
}
