import Foundation
import Persistence
import PlumeTestSupport
import Testing

/// Inputs the fuzz targets (Fuzz/README.md) found mishandled, each checked
/// against what SQLite itself does with it.
@Suite struct FuzzRegressionTests {
    /// SQLite's reading of date text: seconds since 1970, or nil.
    private func sqliteSeconds(_ text: String) throws -> Double? {
        let dbQueue = try DatabaseQueue()
        return try dbQueue.readAndWait { db in
            try Double?.fetchOne(db, sql: "SELECT (julianday(?) - 2440587.5) * 86400.0", arguments: [text]) ?? nil
        }
    }

    /// date-text: a `Z` right after the date is no date to SQLite.
    @Test func zRightAfterTheDateIsNoDate() throws {
        #expect(Date.fromDatabaseValue(.text("2118-12-18Z")) == nil)
        #expect(try sqliteSeconds("2118-12-18Z") == nil)
        #expect(Date.fromDatabaseValue(.text("2118-12-18 10:00Z")) != nil)
    }

    /// date-text: nine digits of fraction in year 9999 overflowed Int64
    /// (a trap); rounded to the millisecond past 9999-12-31 23:59:59.999,
    /// the text is no date, as for SQLite.
    @Test func longFractionsRoundToTheMillisecondAsSQLiteRoundsThem() throws {
        // Past year 9999 once rounded; 400 digits overflow a double (SQLite
        // reads no date either).
        for text in ["9999-12-31 23:59:59.999999999", "2024-02-29 12:34:56.\(String(repeating: "9", count: 400))"] {
            #expect(Date.fromDatabaseValue(.text(text)) == nil, "\(text)")
            #expect(try sqliteSeconds(text) == nil, "\(text)")
        }
        for text in ["9999-12-31 23:59:59.9994", "2024-01-01 00:00:00.0005", "1970-01-01T00:00:59.99951Z",
                     "2024-02-29 12:34:56.\(String(repeating: "9", count: 300))"] {
            let date = try #require(Date.fromDatabaseValue(.text(text)), "\(text)")
            let seconds = try #require(try sqliteSeconds(text), "\(text)")
            #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0005, "\(text)")
        }
    }

    struct Box<Value: Decodable & Sendable>: Decodable, FetchableRecord, Sendable {
        var v: Value
    }

    /// row-decoding: a generic property of an optional type read a value
    /// that does not convert as nil instead of failing.
    @Test func aValueThatDoesNotConvertToAGenericOptionalIsAnError() throws {
        #expect(throws: RowDecodingError.self) { try Box<Int?>(row: RowView(Row(["v": .real(9.3e18)]))) }
        #expect(throws: RowDecodingError.self) { try Box<Int?>(row: RowView(Row(["v": .text("3")]))) }
        #expect(try Box<Int?>(row: RowView(Row(["v": .null]))).v == nil)
        #expect(try Box<Int?>(row: RowView(Row(["v": .integer(3)]))).v == 3)
    }

    /// json-column: Foundation's decoder took JSON that SQLite's `json`
    /// functions refuse; now it is an error naming the byte.
    @Test(arguments: [("[0,]", 3), ("{\"a\": 1,}", 8), ("[01]", 2), ("[1] x", 4), ("[\"a\tb\"]", 3), ("", 0)])
    func jsonSQLiteRefusesIsAnErrorNamingTheByte(text: String, byte: Int) throws {
        let dbQueue = try DatabaseQueue()
        #expect(try dbQueue.readAndWait { db in try Int.fetchOne(db, sql: "SELECT json_valid(?)", arguments: [text]) } == 0)
        do {
            _ = try Box<[String: Int]>(row: RowView(Row(["v": .text(text)])))
            _ = try Box<[Int]>(row: RowView(Row(["v": .text(text)])))
            Issue.record("decoded \(text.debugDescription)")
        } catch let error as RowDecodingError {
            #expect("\(error)".contains("invalid JSON at byte \(byte)"), "\(error)")
            #expect("\(error)".contains("\"v\""), "\(error)")
        }
    }

    /// json-column: valid JSON still decodes.
    @Test func validJSONDecodes() throws {
        #expect(try Box<[Double]>(row: RowView(Row(["v": .text(" [1, -0.5e3, 2] ")]))).v == [1, -500, 2])
        #expect(try Box<[String: [String]]>(row: RowView(Row(["v": .text(#"{"a\u00e9\n": ["\/"]}"#)]))).v.count == 1)
    }
}

/// migration-file: a transactional migration's `COMMIT` written without a
/// space before a comment (`COMMIT/* … */`) passed the check on its text,
/// committed half the migration, and the migration then failed without a
/// line ("cannot commit - no transaction is active").
@Suite struct MigrationTransactionControlTests {
    private func migrate(_ body: String) throws -> (MigrationError?, Database) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-fuzz-regression-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(("-- migrate:up\nCREATE TABLE a (id);\n" + body).utf8).write(to: directory.appendingPathComponent("0001_control.sql"))
        let db = try Database(location: .inMemory)
        do {
            try Migrator(directory: directory).migrate(db)
            return (nil, db)
        } catch let error as MigrationError {
            return (error, db)
        }
    }

    @Test(arguments: ["COMMIT/* x */;", "/* x */ END;", "rollback -- c\n;", "BEGIN/**/DEFERRED;", "end transaction;"])
    func beginningOrEndingTheTransactionIsRefusedAtItsLine(statement: String) throws {
        let (error, db) = try migrate(statement + "\nCREATE TABLE b (id);\n")
        let refusal = try #require(error)
        #expect(refusal.line == 3, "\(refusal)")
        #expect(refusal.message.contains("transaction:false"), "\(refusal)")
        #expect(try !db.tableExists("a"), "nothing of the migration stays")
    }

    @Test func aSavepointIsNoTransactionControl() throws {
        let (error, db) = try migrate("SAVEPOINT s;\nCREATE TABLE b (id);\nROLLBACK TO SAVEPOINT s;\nRELEASE s;\n")
        #expect(error == nil)
        #expect(try db.tableExists("a"))
        #expect(try !db.tableExists("b"))
    }
}

/// migration-file, under LeakSanitizer: an empty migration file leaked the
/// 4 KB buffer `FileManager.contents(atPath:)` reads empty files into on
/// Linux. Files are now read with `open` and `read` (`FileBytes`), whose
/// results these tests pin down.
@Suite struct FileBytesTests {
    private func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plume-file-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    @Test(arguments: [0, 1, 65_535, 65_536, 200_001])
    func aFileReadsAsItsBytes(size: Int) throws {
        try withFolder { folder in
            var generator = SeededGenerator(seed: UInt64(size))
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let file = folder.appendingPathComponent("f")
            try Data(bytes).write(to: file)
            #expect(FileBytes.read(atPath: file.path) == bytes)
        }
    }

    @Test func aMissingFileOrAFolderReadsAsNil() throws {
        try withFolder { folder in
            #expect(FileBytes.read(atPath: folder.appendingPathComponent("missing").path) == nil)
            #expect(FileBytes.read(atPath: folder.path) == nil)
        }
    }

    @Test func sizesReadAsBytesOrWithABinarySuffix() {
        #expect(FileBytes.parseSize("100") == 100)
        #expect(FileBytes.parseSize("4K") == 4096)
        #expect(FileBytes.parseSize("2m") == 2 << 20)
        #expect(FileBytes.parseSize("3GiB") == 3 << 30)
        #expect(FileBytes.parseSize("1TB") == 1 << 40)
        #expect(FileBytes.parseSize("") == nil)
        #expect(FileBytes.parseSize("lots") == nil)
        #expect(FileBytes.parseSize("-1") == nil)
        #expect(FileBytes.parseSize("9999999999T") == nil)
    }

    @Test func devicesFIFOsAndFoldersAreRefusedByKind() throws {
        try withFolder { folder in
            let fifo = folder.appendingPathComponent("fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(throws: FileReadError(path: fifo, reason: .notRegular(.fifo))) { try FileBytes.readRegularFile(atPath: fifo) }
            #expect(throws: FileReadError(path: "/dev/zero", reason: .notRegular(.characterDevice))) {
                try FileBytes.readRegularFile(atPath: "/dev/zero")
            }
            #expect(throws: FileReadError(path: folder.path, reason: .notRegular(.directory))) {
                try FileBytes.readRegularFile(atPath: folder.path)
            }
        }
    }

    @Test func anEmptyMigrationFileIsAnErrorNamingIt() throws {
        try withFolder { folder in
            try Data().write(to: folder.appendingPathComponent("0001_empty.sql"))
            let error = #expect(throws: MigrationError.self) { try Migrator(directory: folder) }
            #expect(error?.description.contains("0001_empty.sql") == true, "\(String(describing: error))")
            #expect(error?.description.contains("migrate:up") == true, "\(String(describing: error))")
        }
    }
}
