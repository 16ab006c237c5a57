import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

/// Seeded property tests of the undo stack: random steps of inserts,
/// updates (key changes and `REPLACE` included) and deletes on tables of
/// every key kind, with hostile values, and random undos and redos.
@Suite struct DatabaseUndoStackPropertyTests {
    typealias Replay = ChangeHistoryValuesReplayTests

    /// Every value of `tables`, exactly (class, bytes, bits).
    static func snapshot(_ writer: some DatabaseReader, _ tables: [Replay.Table] = Replay.tables) throws -> [[[String]]] {
        try writer.readAndWait { db in
            try tables.map { table in
                let columns = (table.rowIDName == "rowid" ? ["rowid"] : []) + table.columns
                return try ChangeHistoryValuesTests.exactRows(db, "SELECT \(ChangeHistoryValuesTests.exactColumns(columns)) FROM main.\(table.name) ORDER BY \(table.keyExpression)")
            }
        }
    }

    /// A random statement on one of `tables`. A `WITHOUT ROWID` key never
    /// holds a `NUL`: the history's text of such a key stops at it
    /// (`quote()`), which undo refuses rather than guess (see
    /// ``DatabaseUndoError/Code/rowMissing``).
    static func statement(_ tables: [Replay.Table], _ random: inout SeededGenerator) -> String {
        while true {
            let table = tables.randomElement(using: &random)!
            let sql = Replay.randomStatement(table, &random)
            if table.rowIDName == nil, sql.contains("char(0)") { continue }
            return sql
        }
    }

    static func makeTables(_ writer: some DatabaseWriter, _ tables: [Replay.Table], _ random: inout SeededGenerator) throws {
        try writer.writeAndWait { db in
            for table in tables { try db.execute(sql: table.schema.replacingOccurrences(of: "%@", with: "main.\(table.name)")) }
            for _ in 0..<30 { try? db.execute(sql: statement(tables, &random)) }
            try db.enableChangeHistory(for: tables.map(\.name), values: true)
        }
    }

    /// After every step, undo and redo the database equals the state the
    /// model (the snapshots taken before each step) says, and undoing
    /// everything gives back the first state byte for byte.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomStepsUndosAndRedosMatchTheSnapshots(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let queue = try DatabaseQueue()
        defer { try? queue.close() }
        try Self.makeTables(queue, Replay.tables, &random)
        let stack = try DatabaseUndoStack(writer: queue)
        let first = try Self.snapshot(queue)
        var undoModel: [[[[String]]]] = [], redoModel: [[[[String]]]] = []
        var current = first
        var counts = (steps: 0, undos: 0, redos: 0)
        for _ in 0..<PropertyTestScale.cases(80) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let statements = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.statement(Replay.tables, &random) }
                let topBefore = stack.undoSteps.last?.id
                try stack.undoGroupAndWait(name: "step") { db in
                    for sql in statements { try? db.execute(sql: sql) }
                }
                if stack.undoSteps.last?.id != topBefore {
                    undoModel.append(current)
                    redoModel.removeAll()
                    counts.steps += 1
                }
                current = try Self.snapshot(queue)
            case 5..<8:
                guard let expected = undoModel.popLast() else {
                    #expect(caught(DatabaseUndoError.self) { try stack.undo() }?.code == .nothingToUndo)
                    continue
                }
                try stack.undo()
                redoModel.append(current)
                current = expected
                counts.undos += 1
            default:
                guard let expected = redoModel.popLast() else {
                    #expect(caught(DatabaseUndoError.self) { try stack.redo() }?.code == .nothingToRedo)
                    continue
                }
                try stack.redo()
                undoModel.append(current)
                current = expected
                counts.redos += 1
            }
            try #require(try Self.snapshot(queue) == current, "seed \(seed): the database differs from the model")
            #expect(stack.undoSteps.count == undoModel.count && stack.redoSteps.count == redoModel.count)
        }
        while stack.canUndo { try stack.undo() }
        #expect(try Self.snapshot(queue) == first, "undoing everything gives back the first state")
        #expect(counts.steps > 10 && counts.undos > 5 && counts.redos > 1, "\(counts)")
    }

    /// Another connection writes between the steps: undoing each step
    /// (newest first) refuses exactly when the model says another write
    /// touched one of its rows since, naming exactly those rows, and
    /// applying what still applies skips exactly them. (Tables whose only
    /// unique constraint is the key, so that a restored row can only
    /// collide with another writer's on a key the model sees.)
    @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func undoRefusesExactlyWhenAnotherWriterTouchedTheStepsRows(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let directory = try TemporaryDirectory()
        let path = directory.path("undo.sqlite")
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        let tables = Replay.tables.filter { $0.name == "i" || $0.name == "w" }
        try Self.makeTables(queue, tables, &random)
        let stack = try DatabaseUndoStack(writer: queue)
        let other = try Database(location: .file(path))
        defer { try? other.close() }

        typealias Key = DatabaseUndoError.Conflict
        func keys(since token: ChangeHistoryToken) throws -> Set<Key> {
            try Set(queue.readAndWait { try $0.changeHistory(since: token) }.entries.map { Key(table: $0.table, key: $0.key) })
        }
        var steps: [(id: Int, keys: Set<Key>, foreignAfter: Set<Key>)] = []
        var conflictsSeen = 0
        for _ in 0..<PropertyTestScale.cases(30) {
            let token = try queue.readAndWait { try $0.currentChangeHistoryToken() }
            if random.chance(60) {
                let statements = (0..<Int.random(in: 1...3, using: &random)).map { _ in Self.statement(tables, &random) }
                let topBefore = stack.undoSteps.last?.id
                try stack.writeAndWait { db in for sql in statements { try? db.execute(sql: sql) } }
                if let top = stack.undoSteps.last?.id, top != topBefore {
                    steps.append((top, try keys(since: token), []))
                }
            } else {
                for _ in 0..<Int.random(in: 1...2, using: &random) { try? other.execute(sql: Self.statement(tables, &random)) }
                let touched = try keys(since: token)
                for index in steps.indices { steps[index].foreignAfter.formUnion(touched) }
            }
        }
        while let step = steps.popLast() {
            #expect(stack.undoSteps.last?.id == step.id)
            let predicted = step.keys.intersection(step.foreignAfter)
            let before = try Self.snapshot(queue, tables)
            if predicted.isEmpty {
                try stack.undo()
                continue
            }
            conflictsSeen += 1
            let error = caught(DatabaseUndoError.self) { try stack.undo() }
            #expect(error?.code == .conflict, "seed \(seed): \(String(describing: error))")
            #expect(Set(error?.conflicts ?? []) == predicted)
            #expect(try Self.snapshot(queue, tables) == before, "a refused undo changes nothing")
            let report = try stack.undo(.applyingWhatStillApplies)
            #expect(Set(report.skipped) == predicted)
        }
        #expect(!stack.canUndo)
        #expect(conflictsSeen > 0 || seed == 0, "seed \(seed) met no conflict")
    }
}
