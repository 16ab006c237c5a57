import Foundation
import Persistence
@testable import PlumeShell
import PlumeTestSupport
import Testing

/// The database-file fuzz target's checks in the ordinary suite: a real
/// database with seeded random bytes of its pages overwritten is read
/// through Persistence (errors are `DatabaseError`s with a message) and
/// through the shell's dot-commands (`ShellDatabaseProbe`), with no crash.
@Suite struct DamagedDatabaseTests {
    @Test(arguments: 0..<12)
    func aDamagedDatabaseIsAnErrorNeverACrash(seed: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("damaged.sqlite")
        let setup = """
            PRAGMA page_size = 512;
            CREATE TABLE album(id INTEGER PRIMARY KEY, name TEXT UNIQUE);
            CREATE TABLE tag(name TEXT PRIMARY KEY, n INT) WITHOUT ROWID;
            CREATE VIEW v AS SELECT * FROM album;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 80)
            INSERT INTO album SELECT i, printf('%.*c', i * 9, 'a') FROM n;
            INSERT INTO tag SELECT name, id FROM album;
            """
        #expect(try PlumeProcess.sqlite3([path], stdin: setup).status == 0)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var generator = SeededGenerator(seed: UInt64(seed))
        for _ in 0..<(1 + seed % 6) {
            let start = Int.random(in: 0..<bytes.count, using: &generator)
            for index in start..<min(bytes.count, start + Int.random(in: 1...8, using: &generator)) {
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        var configuration = Database.Configuration()
        configuration.readOnly = true
        configuration.createIfMissing = false
        do {
            let db = try Database(path: path, configuration: configuration)
            defer { try? db.close() }
            for table in ["album", "tag", "v"] {
                do {
                    _ = try Row.fetchAll(db, sql: "SELECT * FROM \(table)")
                } catch let error as DatabaseError {
                    #expect(!error.message.isEmpty)
                }
            }
        } catch let error as DatabaseError {
            #expect(!error.message.isEmpty)
        }
        let script = directory.path("script.sql")
        try Data(".tables\n.schema\n.dump\n.sha3sum\n.mode box\nSELECT * FROM v;\nPRAGMA integrity_check;\n".utf8)
            .write(to: URL(fileURLWithPath: script))
        ShellDatabaseProbe.run(scriptAt: script, onDatabaseAt: path)
    }
}
