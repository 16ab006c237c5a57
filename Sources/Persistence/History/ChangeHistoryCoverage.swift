/// Which recorded tables the history provably records completely on the
/// current schema, and why the others are not.
///
/// A table is covered when its installed triggers are exactly those
/// ``ChangeHistoryTriggers`` builds from the table's schema now — same
/// names, on the same table, with the same SQL — every unique index has a
/// conflict lookup, and `plume_history`'s guards are in place. Anything
/// else (a trigger dropped or moved by `ALTER TABLE … RENAME`, a unique
/// index added after the history was enabled, a history of an older
/// Plume) leaves the table uncovered: readers refetch it until
/// ``Database/enableChangeHistory(for:values:)`` is run again.
///
/// The schema only changes with SQLite's schema cookie, so a coverage
/// holds for one `PRAGMA schema_version`.
struct ChangeHistoryCoverage {
    /// The recorded names (``ChangeHistorySchema/recordedName(_:)``) of the
    /// covered tables.
    private(set) var covered: Set<String> = []
    /// Why each uncovered recorded table is not covered.
    private(set) var problems: [String: ChangeHistoryError] = [:]

    init(_ db: Database, tables: [String]) throws {
        let installed = try Self.installedTriggers(db)
        let historyProblem = try Self.historyProblem(db, installed)
        for table in tables {
            if let historyProblem {
                problems[table] = historyProblem
            } else if let problem = try Self.problem(of: table, installed, db) {
                problems[table] = problem
            } else {
                covered.insert(table)
            }
        }
    }

    /// The first problem, if any, for errors that name one.
    var firstProblem: ChangeHistoryError? {
        problems.keys.min().flatMap { problems[$0] }
    }

    private struct Installed {
        var table: String
        var sql: String
    }

    private static func installedTriggers(_ db: Database) throws -> [String: Installed] {
        var triggers: [String: Installed] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, tbl_name, sql FROM main.sqlite_master WHERE type = 'trigger' AND name LIKE 'plume\\_history\\_%' ESCAPE '\\'") {
            guard case .text(let name) = row[0], case .text(let table) = row[1] else { continue }
            let sql: String
            if case .text(let text) = row[2] { sql = text } else { sql = "" }
            triggers[name.sqlNameKey()] = Installed(table: table, sql: sql)
        }
        return triggers
    }

    /// A problem of the history as a whole: an older layout, or a guard
    /// dropped.
    private static func historyProblem(_ db: Database, _ installed: [String: Installed]) throws -> ChangeHistoryError? {
        let format = try Int64.fetchOne(db, sql: "SELECT value FROM main.plume_history_meta WHERE key = 'format'") ?? 1
        guard format == ChangeHistorySchema.format else {
            return ChangeHistoryError(.triggersOutdated, "the history was enabled by an earlier version of Plume (layout \(format)): run enableChangeHistory again to upgrade it")
        }
        for guardTrigger in ChangeHistorySchema.guards {
            guard let trigger = installed[guardTrigger.name], trigger.table.sqlNameKey() == ChangeHistorySchema.historyTable,
                  trigger.sql == guardTrigger.sql else {
                return ChangeHistoryError(.triggersMissing, "the trigger \(guardTrigger.name), which keeps plume_history from being edited, was dropped or changed: run enableChangeHistory again")
            }
        }
        return nil
    }

    /// Why one table is not covered, or nil when it is.
    private static func problem(of table: String, _ installed: [String: Installed], _ db: Database) throws -> ChangeHistoryError? {
        let expected: ChangeHistoryTriggers
        do {
            var values: ChangeHistoryValues?
            if let stored = try db.storedHistoryValues(of: table) {
                let name = try db.recordableTableName(table)
                let columns = try db.historyValueColumns(of: name)
                guard columns.map(\.name) == stored.columns else {
                    return ChangeHistoryError(.triggersOutdated, "the columns of table \"\(table)\" changed since its values were first recorded (\(stored.columns.joined(separator: ", ")) then, \(columns.map(\.name).joined(separator: ", ")) now): run enableChangeHistory again")
                }
                values = ChangeHistoryValues(layout: stored.layout, columns: columns)
            }
            expected = try ChangeHistoryTriggers(table: table, values: values, db)
        } catch let error as ChangeHistoryError {
            return ChangeHistoryError(.triggersMissing, "table \"\(table)\" is recorded but \(error.message)")
        }
        for trigger in expected.triggers {
            guard let found = installed[trigger.name.sqlNameKey()] else {
                let conflictTriggers = expected.triggers.filter { $0.name.hasPrefix(ChangeHistorySchema.triggerName("", "conflict")) }
                if conflictTriggers.contains(where: { $0.name == trigger.name }),
                   !conflictTriggers.contains(where: { installed[$0.name.sqlNameKey()] != nil }) {
                    return ChangeHistoryError(.triggersOutdated, "table \"\(table)\" gained a unique index after its history was enabled: rows REPLACE deletes through it are not recorded (run enableChangeHistory again)")
                }
                return ChangeHistoryError(.triggersMissing, "the trigger \(trigger.name) of table \"\(table)\" was dropped: its changes are no longer recorded (run enableChangeHistory again)")
            }
            guard found.table.sqlNameKey() == expected.table.sqlNameKey() else {
                return ChangeHistoryError(.triggersMissing, "the trigger \(trigger.name) records table \"\(found.table)\", not \"\(table)\" (was a table renamed?): run enableChangeHistory again")
            }
            if found.sql != trigger.sql, found.sql == expected.key.quoteOnlySQL(trigger.sql) {
                return ChangeHistoryError(.triggersOutdated, "the trigger \(trigger.name) of table \"\(table)\" was written by an earlier version of Plume, whose keys lose a text's bytes after a NUL: run enableChangeHistory again to upgrade it")
            }
            guard found.sql == trigger.sql else {
                return ChangeHistoryError(.triggersOutdated, "the trigger \(trigger.name) no longer matches table \"\(table)\" (a unique index or key was added, changed or dropped since the history was enabled): run enableChangeHistory again")
            }
        }
        let expectedNames = Set(expected.triggers.map { $0.name.sqlNameKey() })
        if let stale = installed.first(where: { !expectedNames.contains($0.key) && $0.value.table.sqlNameKey() == expected.table.sqlNameKey() }) {
            return ChangeHistoryError(.triggersOutdated, "the trigger \(stale.key) of table \"\(table)\" no longer matches its schema (a unique index was dropped since the history was enabled): run enableChangeHistory again")
        }
        if let reason = expected.uncovered.first {
            return ChangeHistoryError(.uniqueIndexNotCovered, "table \"\(table)\": \(reason); rows REPLACE deletes through it would not be recorded, so its changes are refetched")
        }
        return nil
    }
}
