import CSQLite
import Foundation

/// `sqlite3_expert_analyze`: scans from triggers, candidate indexes, and
/// the indexes each statement's plan picks among them.
extension IndexAdvisor {
    func analyze() throws(AdvisorFailure) {
        try processTriggers()
        for scan in scans {
            try createCandidates(scan, tail: nil)
            if let order = scan.order { try createCandidates(scan, tail: order) }
        }
        for index in statements.indices { try findIndexes(index) }
    }

    /// The candidates, newest first, for `--verbose`.
    var candidatesReport: [UInt8] {
        candidates.flatMap { $0.sql + Array(";\n".utf8) }
    }

    /// `idxProcessTriggers`: each table written to is recreated in the
    /// scratch schema with its triggers, and the write prepared there, so
    /// that the triggers' scans count too (and their own writes in turn).
    private func processTriggers() throws(AdvisorFailure) {
        var done = 0
        while writes.count > done {
            let batch = Array(writes[0..<(writes.count - done)])
            done = writes.count
            for write in batch { try processTrigger(write) }
        }
    }

    private static let temporaryTable = "t592690916721053953805701627921227776"

    private func processTrigger(_ write: (table: Int, operation: Int32)) throws(AdvisorFailure) {
        let table = tables[write.table]
        let copies = RawStatement(database, "SELECT 'CREATE TEMP' || substr(sql, 7) FROM sqlite_schema WHERE tbl_name = "
                                  + Shell.literal(Array(table.name.utf8)) + " AND type IN ('table', 'trigger') ORDER BY type;")
        guard copies.prepareCode == SQLITE_OK else { throw AdvisorFailure(message: Shell.errorMessage(database)) }
        while copies.step() {
            guard let create = copies.text(0) else { continue }
            try run(create, on: virtualSchema)
        }
        let renamed = "ALTER TABLE temp." + Shell.literal(Array(table.name.utf8)) + " RENAME TO '\(Self.temporaryTable)'"
        try run(Array(renamed.utf8), on: virtualSchema)
        let sql: String
        switch write.operation {
        case SQLITE_INSERT:
            sql = "INSERT INTO '\(Self.temporaryTable)' VALUES(" + table.columns.map { _ in "?" }.joined(separator: ", ") + ")"
        case SQLITE_UPDATE:
            sql = "UPDATE '\(Self.temporaryTable)' SET "
                + table.columns.map { Shell.literal(Array($0.name.utf8)) + "=?" }.joined(separator: ", ")
        default:
            sql = "DELETE FROM '\(Self.temporaryTable)'"
        }
        let statement = RawStatement(virtualSchema, sql)
        guard statement.prepareCode == SQLITE_OK else { throw AdvisorFailure(message: Shell.errorMessage(virtualSchema)) }
        _ = statement.finalize()
        try run(Array("DROP TABLE \(Self.temporaryTable)".utf8), on: virtualSchema)
    }

    /// `idxCreateFromWhere`: an index on the scan's equality columns then
    /// `tail` (range or ORDER BY terms); without a tail, one per range
    /// constraint too.
    private func createCandidates(_ scan: Scan, tail: Term?) throws(AdvisorFailure) {
        var equalities: Term?
        for term in scan.equalities where !Self.contains(equalities, term) && !Self.contains(tail, term) {
            term.link = equalities
            equalities = term
        }
        try createCandidate(scan, equalities, tail)
        guard tail == nil else { return }
        for range in scan.ranges where !Self.contains(equalities, range) {
            try createCandidate(scan, equalities, range)
        }
    }

    private static func contains(_ list: Term?, _ term: Term) -> Bool {
        var current = list
        while let entry = current {
            if entry.column == term.column { return true }
            current = entry.link
        }
        return false
    }

    private static func terms(_ list: Term?) -> [Term] {
        var result: [Term] = []
        var current = list
        while let entry = current {
            result.append(entry)
            current = entry.link
        }
        return result
    }

    /// `idxCreateFromCons`: creates the index unless the copy of the
    /// schema already has one that serves, naming it after a hash of its
    /// columns.
    private func createCandidate(_ scan: Scan, _ equalities: Term?, _ tail: Term?) throws(AdvisorFailure) {
        guard equalities != nil || tail != nil, !hasCompatibleIndex(scan, equalities, tail) else { return }
        let table = tables[scan.table]
        let columns = (Self.terms(equalities) + Self.terms(tail)).map { term in
            let column = table.columns[term.column]
            var definition = Self.requiresQuotes(column.name) ? Shell.literal(Array(column.name.utf8)) : column.name
            if sqlite3_stricmp(column.collation, term.collation) != 0 {
                definition += " COLLATE " + (Self.requiresQuotes(term.collation) ? Shell.literal(Array(term.collation.utf8)) : term.collation)
            }
            return definition + (term.descending ? " DESC" : "")
        }.joined(separator: ", ")
        var hash: UInt32 = 0
        var name = ""
        var collisions = 0
        repeat {
            for byte in columns.utf8 {
                hash = hash &+ ((hash &<< 3) &+ UInt32(bitPattern: Int32(Int8(bitPattern: byte))))
            }
            name = table.name + "_idx_" + String(cFormat: "%08x", hash)
            let taken = Shell.integer(schemaCopy, "SELECT count(*) FROM sqlite_schema WHERE name=" + Shell.literal(Array(name.utf8))
                                      + " AND type in ('index','table','view')")
            if taken == 0 { break }
            collisions += 1
        } while collisions < 50
        guard collisions < 50 else { throw AdvisorFailure(message: Array("Cannot find a unique index name to propose.".utf8)) }
        let sql = Self.requiresQuotes(table.name)
            ? "CREATE INDEX " + Shell.quotedIdentifier(Array(name.utf8)) + " ON " + Shell.quotedIdentifier(Array(table.name.utf8)) + "(\(columns))"
            : "CREATE INDEX \(name) ON \(table.name)(\(columns))"
        try run(Array(sql.utf8), on: schemaCopy)
        if !candidates.contains(where: { $0.name == Array(name.utf8) }) {
            candidates.insert((Array(name.utf8), Array(sql.utf8)), at: 0)
        }
    }

    /// `idxIdentifierRequiresQuotes`.
    static func requiresQuotes(_ identifier: String) -> Bool {
        let bytes = Array(identifier.utf8)
        if bytes.withUnsafeBufferPointer({ $0.withMemoryRebound(to: CChar.self) { sqlite3_keyword_check($0.baseAddress, Int32($0.count)) } }) != 0 {
            return true
        }
        return !bytes.allSatisfy { $0 == UInt8(ascii: "_") || SQLiteText.isDigit($0) || SQLiteText.isAlpha($0) }
    }

    /// `idxFindCompatible`: an index of the copy whose leading columns are
    /// the equality columns (in any order) followed by the tail's.
    private func hasCompatibleIndex(_ scan: Scan, _ equalities: Term?, _ tail: Term?) -> Bool {
        let equalityTerms = Self.terms(equalities)
        let indexes = RawStatement(schemaCopy, "PRAGMA index_list=" + Shell.literal(Array(tables[scan.table].name.utf8)))
        while indexes.step() {
            guard let index = indexes.text(1) else { continue }
            for term in equalityTerms { term.flagged = false }
            var matches = true
            var next = tail
            let columns = RawStatement(schemaCopy, "PRAGMA index_xInfo=" + Shell.literal(index))
            while columns.step() {
                let position = Int(columns.int(0)), column = Int(columns.int(1))
                let collation = columns.string(4)
                if position < equalityTerms.count {
                    guard let term = equalityTerms.first(where: {
                        !$0.flagged && $0.column == column && Self.sameCollation($0.collation, collation)
                    }) else {
                        matches = false
                        break
                    }
                    term.flagged = true
                } else if let term = next {
                    guard term.column == column && Self.sameCollation(term.collation, collation) else {
                        matches = false
                        break
                    }
                    next = term.link
                }
            }
            if matches { return true }
        }
        return false
    }

    private static func sameCollation(_ left: String, _ right: String?) -> Bool {
        guard let right else { return false }
        return sqlite3_stricmp(left, right) == 0
    }

    /// `idxFindIndexes`: the plan of a statement on the copy of the
    /// schema, and the candidates it uses.
    private func findIndexes(_ index: Int) throws(AdvisorFailure) {
        let explain = RawStatement(schemaCopy, "EXPLAIN QUERY PLAN " + String(decoding: statements[index].sql, as: UTF8.self))
        guard explain.prepareCode == SQLITE_OK else { throw AdvisorFailure(message: Shell.errorMessage(schemaCopy)) }
        var used: [[UInt8]] = []
        var plan: [UInt8]?
        while explain.step() {
            guard let detail = explain.text(3) else { continue }
            if let name = Self.indexName(in: detail), let candidate = candidates.first(where: { $0.name == name }),
               !used.contains(candidate.sql) {
                used.insert(candidate.sql, at: 0)
            }
            if detail.first != UInt8(ascii: "-") { plan = (plan ?? []) + detail + [UInt8(ascii: "\n")] }
        }
        statements[index].plan = plan
        statements[index].indexes = used.isEmpty ? nil : used.flatMap { $0 + Array(";\n".utf8) }
    }

    /// The index a plan line names after ` USING INDEX ` or ` USING
    /// COVERING INDEX ` (up to ` (`).
    private static func indexName(in detail: [UInt8]) -> [UInt8]? {
        let markers = [Array(" USING INDEX ".utf8), Array(" USING COVERING INDEX ".utf8)]
        for position in detail.indices {
            guard let marker = markers.first(where: { position + $0.count < detail.count && detail[position...].starts(with: $0) }) else {
                continue
            }
            var name = Array(detail[(position + marker.count)...])
            let opensParenthesis = { (index: Int) in name[index] == UInt8(ascii: " ") && index + 1 < name.count && name[index + 1] == UInt8(ascii: "(") }
            if let end = name.indices.first(where: opensParenthesis) {
                name = Array(name[..<end])
            }
            return name
        }
        return nil
    }
}
