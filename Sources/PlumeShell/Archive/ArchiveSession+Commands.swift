import CSQLite

/// The `.archive` commands, as the SQL `sqlite3` runs for them (which
/// `--dryrun` prints instead).
extension ArchiveSession {
    private var table: String { sourceTable ?? "sqlar" }

    /// Prepares SQL as `shellPreparePrintf`: a failure is printed as
    /// `sql error: MESSAGE (CODE)` and kept in `code`.
    private func prepare(_ sql: String, _ code: inout Int32) -> RawStatement? {
        guard code == SQLITE_OK else { return nil }
        let statement = RawStatement(database, sql)
        if statement.prepareCode != SQLITE_OK {
            shell.printError(bytes: Array("sql error: ".utf8) + Shell.errorMessage(database) + Array(" (\(sqlite3_errcode(database)))".utf8))
            code = statement.prepareCode
            return nil
        }
        return statement
    }

    /// `shellReset` and `shellFinalize`: a failure is printed as `SQL error: MESSAGE`.
    private func settle(_ code: inout Int32, _ result: Int32) {
        guard code == SQLITE_OK else { return }
        if result != SQLITE_OK { shell.printError(bytes: Array("SQL error: ".utf8) + Shell.errorMessage(database)) }
        code = result
    }

    /// The members named must be in the archive (exactly, or by GLOB):
    /// `arCheckEntries`, which also drops their trailing slashes.
    private func checkMembers(_ code: inout Int32) -> [[UInt8]] {
        var members = request.members.map { member in Array(member.reversed().drop { $0 == UInt8(ascii: "/") }.reversed()) }
        guard !members.isEmpty else { return members }
        let test = prepare("SELECT name FROM \(table) WHERE " + (request.glob ? "glob($name,name)" : "name=$name"), &code)
        let parameter = sqlite3_bind_parameter_index(test?.handle, "$name")
        for (index, member) in members.enumerated() where code == SQLITE_OK {
            test?.bind(parameter, member)
            let found = test?.step() ?? false
            settle(&code, sqlite3_reset(test?.handle))
            if code == SQLITE_OK && !found {
                shell.printError(bytes: Array("not found in archive: ".utf8) + member)
                code = SQLITE_ERROR
            }
            members[index] = member
        }
        if let test { settle(&code, test.finalize()) }
        return members
    }

    /// `arWhereClause`: `1`, or the members and what is below them.
    private func whereClause(_ members: [[UInt8]]) -> String {
        guard !members.isEmpty else { return "1" }
        let same = request.glob ? "GLOB" : "="
        return members.map { member in
            let quoted = String(decoding: member, as: UTF8.self).replacingEvery("'", with: "''")
            return " name \(same) '\(quoted)' OR substr(name,1,\(member.count + 1)) \(same) '\(quoted)/'"
        }.joined(separator: " OR ")
    }

    func list() -> Int32 {
        var code = SQLITE_OK
        let members = checkMembers(&code)
        let columns = request.verbose ? "lsmode(mode), sz, datetime(mtime, 'unixepoch'), name" : "name"
        let query = prepare("SELECT \(columns) FROM \(table) WHERE \(whereClause(members))", &code)
        if request.dryRun {
            shell.output.write([UInt8](cString: sqlite3_sql(query?.handle)) + [UInt8(ascii: "\n")])
        } else {
            while code == SQLITE_OK, let query, query.step() {
                if request.verbose {
                    let size = String(query.int(1))
                    shell.output.write((query.text(0) ?? []) + Array((" " + String(repeating: " ", count: max(0, 10 - size.count))
                        + size + "  ").utf8) + (query.text(2) ?? []) + Array("  ".utf8) + (query.text(3) ?? []) + Array("\n".utf8))
                } else {
                    shell.output.write((query.text(0) ?? Array("(null)".utf8)) + [UInt8(ascii: "\n")])
                }
            }
        }
        if let query { settle(&code, query.finalize()) }
        return code
    }

    func remove() -> Int32 {
        var code = SQLITE_OK
        var clause = "" // sqlite3 prints a NULL clause as nothing
        if !request.members.isEmpty {
            clause = whereClause(checkMembers(&code))
        }
        guard code == SQLITE_OK else { return code }
        let sql = "DELETE FROM \(table) WHERE \(clause);"
        if request.dryRun {
            shell.output.write(sql + "\n")
            return SQLITE_OK
        }
        code = sqlite3_exec(database, "SAVEPOINT ar;", nil, nil, nil)
        var message: UnsafeMutablePointer<CChar>?
        if code == SQLITE_OK {
            code = sqlite3_exec(database, sql, nil, nil, &message)
            code = code != SQLITE_OK
                ? { sqlite3_exec(database, "ROLLBACK TO ar; RELEASE ar;", nil, nil, nil); return code }()
                : sqlite3_exec(database, "RELEASE ar;", nil, nil, nil)
        }
        if let message {
            shell.output.write(Array("ERROR: ".utf8) + [UInt8](cString: message) + [UInt8(ascii: "\n")])
            sqlite3_free(message)
        }
        return code
    }

    func extract() -> Int32 {
        var code = SQLITE_OK
        let members = checkMembers(&code)
        let clause = whereClause(members)
        let directory = request.directory.map { $0 + [UInt8(ascii: "/")] } ?? []
        let data = isZip ? "data" : "sqlar_uncompress(data, sz)"
        let query = prepare("SELECT  ($dir || name), writefile(($dir || name), \(data), mode, mtime) FROM \(table) WHERE (\(clause))"
                            + " AND (data IS NULL OR $dirOnly = 0) AND name NOT GLOB '*..[/\\]*'", &code)
        guard code == SQLITE_OK, let query else { return code }
        query.bind(sqlite3_bind_parameter_index(query.handle, "$dir"), directory)
        // Files first, then directories again, whose times the files changed.
        for directoriesOnly: Int32 in [0, 1] {
            sqlite3_bind_int(query.handle, sqlite3_bind_parameter_index(query.handle, "$dirOnly"), directoriesOnly)
            if request.dryRun {
                shell.output.write([UInt8](cString: sqlite3_sql(query.handle)) + [UInt8(ascii: "\n")])
            } else {
                while code == SQLITE_OK && query.step() {
                    if directoriesOnly == 0 && request.verbose { shell.output.write((query.text(0) ?? []) + [UInt8(ascii: "\n")]) }
                }
            }
            settle(&code, sqlite3_reset(query.handle))
        }
        settle(&code, query.finalize())
        return code
    }

    /// `arExecSql`: runs SQL (printing `ERROR: MESSAGE` on failure), or
    /// prints it for `--dryrun`.
    private func execute(_ sql: String) -> Int32 {
        if request.dryRun {
            shell.output.write(sql + "\n")
            return SQLITE_OK
        }
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(database, sql, nil, nil, &message)
        if let message {
            shell.output.write(Array("ERROR: ".utf8) + [UInt8](cString: message) + [UInt8(ascii: "\n")])
            sqlite3_free(message)
        }
        return code
    }

    /// `create` (the table dropped first), `insert` and `update` (only
    /// files whose time or mode changed), through the `fsdir` table.
    func createOrUpdate(update: Bool, onlyIfChanged: Bool) -> Int32 {
        _ = execute("PRAGMA page_size=512")
        var code = execute("SAVEPOINT ar;")
        guard code == SQLITE_OK else { return code }
        var target = "sqlar"
        var temporaryTable: String?
        if isZip {
            if let file = request.file {
                var random: UInt64 = 0
                sqlite3_randomness(8, &random)
                let name = "zip" + String(cFormat: "%016llx", random)
                temporaryTable = name
                target = name
                code = execute("CREATE VIRTUAL TABLE temp.\(name) USING zipfile(\(Shell.literal(file)))")
            } else {
                target = "zip"
            }
        } else {
            if !update { code = execute("DROP TABLE IF EXISTS sqlar") }
            if code == SQLITE_OK { code = execute(ArchiveSession.createTable) }
        }
        let unchanged = onlyIfChanged
            ? " AND NOT EXISTS(SELECT 1 FROM \(target) AS mem WHERE mem.name=disk.name AND mem.mtime=disk.mtime AND mem.mode=disk.mode)"
            : ""
        let name = request.verbose ? "shell_putsnl(name)" : "name"
        let directory = request.directory.map { Shell.literal($0) } ?? "NULL"
        for member in request.members where code == SQLITE_OK {
            let source = "fsdir(\(Shell.literal(member)),\(directory)) AS disk\n  WHERE lsmode(mode) NOT LIKE '?%'\(unchanged);"
            code = execute(isZip
                ? "REPLACE INTO \(target)(name,mode,mtime,data)\n  SELECT\n    \(name),\n    mode,\n    mtime,\n    data\n  FROM \(source)"
                : "REPLACE INTO \(target)(name,mode,mtime,sz,data)\n  SELECT\n    \(name),\n    mode,\n    mtime,\n"
                    + "    CASE substr(lsmode(mode),1,1)\n      WHEN '-' THEN length(data)\n      WHEN 'd' THEN 0\n"
                    + "      ELSE -1 END,\n    sqlar_compress(data)\n  FROM \(source)")
        }
        if code != SQLITE_OK {
            sqlite3_exec(database, "ROLLBACK TO ar; RELEASE ar;", nil, nil, nil)
        } else {
            code = execute("RELEASE ar;")
            if let temporaryTable { _ = execute("DROP TABLE \(temporaryTable)") }
        }
        return code
    }

    private static let createTable = """
        CREATE TABLE IF NOT EXISTS sqlar(
          name TEXT PRIMARY KEY,  -- name of the file
          mode INT,               -- access permissions
          mtime INT,              -- last modification time
          sz INT,                 -- original file size
          data BLOB               -- compressed content
        )
        """
}
