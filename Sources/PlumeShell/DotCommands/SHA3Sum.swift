import CSQLite

extension Shell {
    /// `.sha3sum`.
    static let sha3SumDotCommands: [DotCommand] = [
        DotCommand(name: "sha3sum", minimumLength: 4, usage: ".sha3sum ...", summary: "Compute a SHA3 hash of database content",
                   details: Shell.sha3sumHelp) { $0.sha3sum($1) },
    ]

    /// `.help sha3sum`.
    static let sha3sumHelp = """
        Options:
          --schema              Also hash the sqlite_schema table
          --sha3-224            Use the sha3-224 algorithm
          --sha3-256            Use the sha3-256 algorithm (default)
          --sha3-384            Use the sha3-384 algorithm
          --sha3-512            Use the sha3-512 algorithm
        Any other argument is a LIKE pattern for tables to hash

    """

    /// `.sha3sum ?--schema? ?--sha3-N? ?--debug? ?LIKE-PATTERN?`: one SHA3
    /// hash of the content of every table (or one per table matching the
    /// pattern), printed in the current mode. As in `sqlite3`, the default
    /// is SHA3-224, whatever the help says.
    private func sha3sum(_ command: DotCommandLine) -> DotCommandResult {
        let connection = self.connection
        var pattern: [UInt8]?
        var includeSchema = false, debug = false
        var size = 224
        for index in 1..<max(1, command.arguments.count) {
            var argument = command.bytes(index)
            guard argument.first == 0x2D else {
                guard pattern == nil else {
                    printError("Usage: .sha3sum ?OPTIONS? ?LIKE-PATTERN?")
                    return .failed
                }
                pattern = argument
                if Shell.matches(like: Array("sqlite\\_%".utf8), String(decoding: argument, as: UTF8.self), escape: 0x5C) {
                    includeSchema = true
                }
                continue
            }
            argument.removeFirst()
            if argument.first == 0x2D { argument.removeFirst() }
            switch String(decoding: argument, as: UTF8.self) {
            case "schema": includeSchema = true
            case "sha3-224", "sha3-256", "sha3-384", "sha3-512": size = Int(String(decoding: argument.dropFirst(5), as: UTF8.self))!
            case "debug": debug = true
            default:
                printError(bytes: Array("Unknown option \"".utf8) + command.bytes(index) + Array("\" on \"".utf8) + command.bytes(0) + [0x22])
                showHelp(command.bytes(0))
                return .failed
            }
        }
        let sql = sha3sumQuery(connection, pattern: pattern, includeSchema: includeSchema, size: size)
        if debug {
            output.write(sql + [0x0A])
        } else {
            _ = executeSQL(sql)
        }
        return .succeeded
    }

    /// The query that hashes: a CTE of (queries, label) rows, one per table.
    private func sha3sumQuery(_ connection: OpaquePointer, pattern: [UInt8]?, includeSchema: Bool, size: Int) -> [UInt8] {
        let tables = RawStatement(connection, includeSchema
            ? "SELECT lower(name) FROM sqlite_schema WHERE type='table' AND coalesce(rootpage,0)>1"
                + " UNION ALL SELECT 'sqlite_schema' ORDER BY 1 collate nocase"
            : "SELECT lower(name) FROM sqlite_schema WHERE type='table' AND coalesce(rootpage,0)>1"
                + " AND name NOT LIKE 'sqlite_%' ORDER BY 1 collate nocase")
        var sql = Array("WITH [sha3sum$query](a,b) AS(".utf8)
        var separator = "VALUES("
        while tables.step() {
            guard let table = tables.text(0) else { continue }
            if let pattern, !Shell.matches(like: pattern, String(decoding: table, as: UTF8.self)) { continue }
            var query: [UInt8] = []
            if !table.starts(with: Array("sqlite_".utf8)) {
                query = Array("SELECT * FROM ".utf8) + SQLiteText.quoted(table, with: 0x22) + Array(" NOT INDEXED;".utf8)
            } else if table == Array("sqlite_schema".utf8) {
                query = Array("SELECT type,name,tbl_name,sql FROM sqlite_schema ORDER BY name;".utf8)
            } else if table == Array("sqlite_sequence".utf8) {
                query = Array("SELECT name,seq FROM sqlite_sequence ORDER BY name;".utf8)
            } else if table == Array("sqlite_stat1".utf8) {
                query = Array("SELECT tbl,idx,stat FROM sqlite_stat1 ORDER BY tbl,idx;".utf8)
            } else if table == Array("sqlite_stat4".utf8) {
                query = Array("SELECT * FROM ".utf8) + table + Array(" ORDER BY tbl, idx, rowid;\n".utf8)
            }
            sql += Array(separator.utf8) + SQLiteText.quoted(query, with: 0x27) + [0x2C] + SQLiteText.quoted(table, with: 0x27)
            separator = "),("
        }
        sql += Array("))".utf8)
        sql += Array((pattern != nil
            ? " SELECT lower(hex(sha3_query(a,\(size)))) AS hash, b AS label   FROM [sha3sum$query]"
            : " SELECT lower(hex(sha3_query(group_concat(a,''),\(size)))) AS hash   FROM [sha3sum$query]").utf8)
        return sql
    }
}
