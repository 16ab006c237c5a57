import CSQLite

/// The `completion(PREFIX, WHOLELINE)` table-valued function of `sqlite3`'s
/// completion extension: keywords, then schema names, then table and
/// column names that start with the prefix (or with the last word of the
/// line), in that order and with repeats.
enum CompletionTable {
    static func install(on connection: OpaquePointer) {
        ShellVirtualTable(schema: "CREATE TABLE x(  candidate TEXT,  prefix TEXT HIDDEN,  wholeline TEXT HIDDEN,  phase INT HIDDEN)",
                          configuration: SQLITE_VTAB_INNOCUOUS, bestIndex: bestIndex) { Cursor(connection: $0) }
            .register(on: connection, name: "completion")
    }

    /// Plan bit 1: a prefix argument; bit 2: a whole-line argument.
    private static func bestIndex(_ info: UnsafeMutablePointer<sqlite3_index_info>) {
        var plan: Int32 = 0
        var prefixIndex = -1
        var lineIndex = -1
        for index in 0..<Int(info.pointee.nConstraint) {
            let constraint = info.pointee.aConstraint[index]
            guard constraint.usable != 0, constraint.op == SQLITE_INDEX_CONSTRAINT_EQ else { continue }
            switch constraint.iColumn {
            case 1:
                prefixIndex = index
                plan |= 1
            case 2:
                lineIndex = index
                plan |= 2
            default: break
            }
        }
        var argumentCount: Int32 = 0
        for index in [prefixIndex, lineIndex] where index >= 0 {
            argumentCount += 1
            info.pointee.aConstraintUsage[index].argvIndex = argumentCount
            info.pointee.aConstraintUsage[index].omit = 1
        }
        info.pointee.idxNum = plan
        info.pointee.estimatedCost = 5000 - 1000 * Double(argumentCount)
        info.pointee.estimatedRows = 500 - 100 * Int64(argumentCount)
    }

    private enum Phase: Int32 {
        case keywords = 1, databases = 7, tables = 8, columns = 9, end = 11
    }

    final class Cursor: VirtualTableCursor {
        let connection: OpaquePointer
        /// The prefix up to its first NUL, and its length in bytes (with
        /// what follows a NUL), as the C code keeps them.
        private var prefix: [UInt8]?
        private var prefixCount = 0
        private var line: [UInt8]?
        private var row: [UInt8]?
        private var statement: OpaquePointer?
        private(set) var rowid: Int64 = 0
        private var phase = Phase.keywords
        private var keywordIndex: Int32 = 0

        init(connection: OpaquePointer) { self.connection = connection }

        deinit { sqlite3_finalize(statement) }

        func filter(plan: Int32, arguments: [OpaquePointer?]) {
            sqlite3_finalize(statement)
            statement = nil
            prefix = nil
            prefixCount = 0
            line = nil
            keywordIndex = 0
            var index = 0
            if plan & 1 != 0 {
                prefixCount = Int(sqlite3_value_bytes(arguments[index]))
                if prefixCount > 0 { prefix = SQLValue.cText(arguments[index]) }
                index = 1
            }
            if plan & 2 != 0, sqlite3_value_bytes(arguments[index]) > 0 { line = SQLValue.cText(arguments[index]) }
            if let line, prefix == nil {
                let word = line.reversed().prefix { SQLiteText.isAlpha($0) || SQLiteText.isDigit($0) || $0 == UInt8(ascii: "_") }
                prefixCount = word.count
                if !word.isEmpty { prefix = Array(word.reversed()) }
            }
            rowid = 0
            phase = .keywords
            next()
        }

        func next() {
            rowid += 1
            while phase != .end {
                guard let candidate = nextCandidate() else { continue }
                row = candidate
                if prefixCount == 0 { return }
                if prefixCount <= candidate.count && CompletionTable.startsIgnoringCase(candidate, prefix ?? [], count: prefixCount) {
                    return
                }
            }
        }

        /// The next candidate of the current phase, or nil after moving to
        /// the next phase.
        private func nextCandidate() -> [UInt8]? {
            let column: Int32
            let nextPhase: Phase
            switch phase {
            case .keywords:
                guard keywordIndex < sqlite3_keyword_count() else {
                    row = nil
                    phase = .databases
                    return nil
                }
                var name: UnsafePointer<CChar>?
                var length: Int32 = 0
                sqlite3_keyword_name(keywordIndex, &name, &length)
                keywordIndex += 1
                guard let name else { return nil }
                return Array(UnsafeRawBufferPointer(start: name, count: Int(length)))
            case .databases:
                if statement == nil { sqlite3_prepare_v2(connection, "PRAGMA database_list", -1, &statement, nil) }
                (column, nextPhase) = (1, .tables)
            case .tables:
                if statement == nil { prepareUnion("SELECT name FROM \"%w\".sqlite_schema") }
                (column, nextPhase) = (0, .columns)
            case .columns:
                if statement == nil {
                    prepareUnion("SELECT pti.name FROM \"%w\".sqlite_schema AS sm JOIN pragma_table_info(sm.name,%Q) AS pti WHERE sm.type='table'")
                }
                (column, nextPhase) = (0, .end)
            case .end:
                return nil
            }
            guard sqlite3_step(statement) == SQLITE_ROW else {
                sqlite3_finalize(statement)
                statement = nil
                phase = nextPhase
                return nil
            }
            let text = sqlite3_column_text(statement, column)
            return Array(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))))
        }

        /// Prepares `template` for each attached database, joined by
        /// `UNION`: `%w` is the name as an identifier, `%Q` as a literal.
        private func prepareUnion(_ template: String) {
            var list: OpaquePointer?
            sqlite3_prepare_v2(connection, "PRAGMA database_list", -1, &list, nil)
            var parts: [[UInt8]] = []
            while sqlite3_step(list) == SQLITE_ROW {
                let name = sqlite3_column_text(list, 1).map { Array(String(cString: $0).utf8) } ?? []
                let identifier = Array(SQLiteText.quoted(name, with: UInt8(ascii: "\"")).dropFirst().dropLast())
                var part: [UInt8] = []
                var bytes = Array(template.utf8)[...]
                while let byte = bytes.popFirst() {
                    if byte == UInt8(ascii: "%"), let kind = bytes.popFirst() {
                        part += kind == UInt8(ascii: "w") ? identifier : SQLiteText.literal(name)
                    } else {
                        part.append(byte)
                    }
                }
                parts.append(part)
            }
            sqlite3_finalize(list)
            let sql = parts.joined(separator: Array(" UNION ".utf8)).map { CChar(bitPattern: $0) } + [0]
            sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        }

        var isAtEnd: Bool { phase == .end }

        func column(_ context: OpaquePointer, _ index: Int32) {
            switch index {
            case 0: if let row { SQLValue.setText(context, row) } else { sqlite3_result_null(context) }
            case 1: if let prefix { SQLValue.setText(context, prefix) } else { sqlite3_result_null(context) }
            case 2: if let line { SQLValue.setText(context, line) } else { sqlite3_result_null(context) }
            case 3: sqlite3_result_int(context, phase.rawValue)
            default: break
            }
        }
    }

    /// `sqlite3_strnicmp(prefix, row, count) == 0`: the first `count`
    /// bytes equal but for ASCII case, comparing stopping at the end of
    /// `prefix` (a C string) as at a NUL byte. `count` is at most
    /// `row.count`.
    static func startsIgnoringCase(_ row: [UInt8], _ prefix: [UInt8], count: Int) -> Bool {
        for index in 0..<count {
            let a = index < prefix.count ? prefix[index] : 0
            if a == 0 { return row[index] == 0 }
            if SQLiteText.lowercased(a) != SQLiteText.lowercased(row[index]) { return false }
        }
        return true
    }
}
