import Foundation
import Persistence
import PlumeShell

/// A real database (tables with and without rowids, an index, a view, a
/// trigger, overflow pages, 512-byte pages), built once per process.
private let baseDatabase: [UInt8] = {
    let path = scratchPath("base.sqlite")
    unlink(path)
    defer { unlink(path) }
    var configuration = Database.Configuration()
    configuration.journalMode = .delete
    do {
        let db = try Database(path: path, configuration: configuration)
        try db.execute(sql: """
            PRAGMA page_size = 512;
            CREATE TABLE album(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created REAL);
            CREATE TABLE photo(id INTEGER PRIMARY KEY, album INTEGER REFERENCES album(id), name TEXT, data BLOB, rating INT);
            CREATE INDEX photo_album ON photo(album, rating DESC);
            CREATE TABLE tag(name TEXT PRIMARY KEY, count INT) WITHOUT ROWID;
            CREATE VIEW rated AS SELECT photo.name, album.name AS album FROM photo JOIN album ON album.id = photo.album WHERE rating > 2;
            CREATE TRIGGER photo_tag AFTER INSERT ON photo BEGIN
              INSERT INTO tag VALUES (new.name, 1) ON CONFLICT(name) DO UPDATE SET count = count + 1;
            END;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12)
            INSERT INTO album SELECT i, 'album ' || i, i * 1.5 FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
            INSERT INTO photo SELECT i, i % 12 + 1, 'photo ' || (i % 17), zeroblob(i * 7) || randomblob(0), i % 5 FROM n;
            UPDATE photo SET data = CAST(printf('%.*c', 1500, 'x') AS BLOB) WHERE id = 7;
            """)
        try db.close()
    } catch {
        FuzzTarget.fail("cannot build the base database: \(error)")
    }
    guard let bytes = try? FileBytes.readRegularFile(atPath: path) else { FuzzTarget.fail("cannot read the base database") }
    return bytes
}()

/// What the shell runs on each damaged database: the dot-commands that
/// read every page (`.dump`, `.schema`, `.sha3sum`) and queries in the
/// aligned modes.
private let shellScript = """
    .tables
    .schema
    .indexes
    .fullschema --indent
    .dump
    .sha3sum
    .mode box
    SELECT * FROM album;
    SELECT * FROM rated;
    .mode insert
    SELECT * FROM photo;
    SELECT * FROM tag;
    PRAGMA integrity_check;
    .dbconfig
    """

extension FuzzTarget {
    /// A real database with bytes overwritten, opened and queried through
    /// Persistence and through the shell's dot-commands: any failure must
    /// be an error (a `DatabaseError` with a message), never a crash.
    static let databaseFile = FuzzTarget(
        name: "database-file",
        summary: "a real database with mutated pages, through Persistence and the shell's dot-commands: errors, no crash"
    ) { input in
        var bytes = baseDatabase
        // Each mutation: a page, an offset in it, and bytes written there.
        while !input.isAtEnd {
            let page = input.int(below: bytes.count / 512)
            let offset = input.int(below: 512)
            let count = 1 + input.int(below: 8)
            for index in 0..<count where page * 512 + offset + index < bytes.count {
                bytes[page * 512 + offset + index] = input.byte()
            }
        }
        let path = scratchPath("damaged.sqlite")
        unlink(path + "-journal")
        writeFile(path, bytes)
        defer {
            unlink(path)
            unlink(path + "-journal")
        }
        queryThroughPersistence(path)
        let script = scratchPath("script.sql")
        writeFile(script, Array(shellScript.utf8))
        defer { unlink(script) }
        ShellDatabaseProbe.run(scriptAt: script, onDatabaseAt: path)
    }

    /// Opens the file read-only and reads every table, the view and the
    /// integrity check; errors are `DatabaseError`s that say something.
    private static func queryThroughPersistence(_ path: String) {
        var configuration = Database.Configuration()
        configuration.readOnly = true
        configuration.createIfMissing = false
        let db: Database
        do {
            db = try Database(path: path, configuration: configuration)
        } catch {
            expectDatabaseError(error)
            return
        }
        defer { try? db.close() }
        do {
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY name")
            for table in tables.prefix(16) {
                let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                do {
                    let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(quoted) LIMIT 200")
                    for row in rows { _ = row.description }
                } catch {
                    expectDatabaseError(error)
                }
            }
            _ = try String.fetchAll(db, sql: "PRAGMA integrity_check(20)")
        } catch {
            expectDatabaseError(error)
        }
    }

    private static func expectDatabaseError(_ error: any Error) {
        guard let databaseError = error as? DatabaseError else { fatalError("not a DatabaseError: \(error)") }
        guard !databaseError.message.isEmpty else { fatalError("a DatabaseError without a message: \(databaseError)") }
    }
}
