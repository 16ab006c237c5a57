#if os(Linux)
import AppleListStandIns
import Foundation
import Persistence
import Testing
@testable import FetchedResultsDataSource

/// The adapter offers an undo stack's steps in an `UndoManager` (the
/// stand-in, which keeps Apple's rules): names, grouping, undo and redo
/// through the manager, and the manager following the stack when it is
/// cleared or undone directly.
@MainActor
@Suite struct UndoManagerAdapterTests {
    @MainActor
    final class Fixture {
        let directory: URL
        let queue: DatabaseQueue
        let stack: DatabaseUndoStack
        let manager = UndoManager()
        let adapter: UndoManagerAdapter
        var errors: [any Error] = []

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-undo-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            queue = try DatabaseQueue(path: directory.appendingPathComponent("db.sqlite").path)
            try queue.writeAndWait { db in
                try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photo (name) VALUES ('a'), ('b')")
                try db.enableChangeHistory(for: ["photo"], values: true)
            }
            stack = try DatabaseUndoStack(writer: queue)
            adapter = UndoManagerAdapter(stack: stack, undoManager: manager)
            adapter.errorHandler = { [unowned self] error in self.errors.append(error) }
        }

        var path: String { directory.appendingPathComponent("db.sqlite").path }

        func names() throws -> [String] {
            try queue.readAndWait { try String.fetchAll($0, sql: "SELECT name FROM photo ORDER BY id") }
        }

        func rename(_ id: Int, _ name: String, action: String) throws {
            try stack.undoGroupAndWait(name: action) { try $0.execute(sql: "UPDATE photo SET name = ? WHERE id = ?", arguments: [name, id]) }
        }

        deinit {
            try? queue.close()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Lets the main queue run what is queued (the adapter's hop, then the
    /// end of the stand-in's run loop pass).
    func endPass() async {
        for _ in 0..<3 {
            await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
        }
    }

    @Test func eachStepIsAnUndoOperationNamedForTheMenu() async throws {
        let fixture = try Fixture()
        try fixture.rename(1, "x", action: "Rename Photo")
        await endPass()
        try fixture.rename(2, "y", action: "Rename Album")
        await endPass()
        let manager = fixture.manager
        #expect(manager.canUndo && manager.undoMenuItemTitle == "Undo Rename Album")
        manager.undo()
        #expect(try fixture.names() == ["x", "b"])
        #expect(manager.canRedo && manager.redoMenuItemTitle == "Redo Rename Album" && manager.undoActionName == "Rename Photo")
        manager.undo()
        #expect(try fixture.names() == ["a", "b"] && !manager.canUndo)
        manager.redo()
        #expect(try fixture.names() == ["x", "b"])
        #expect(fixture.stack.undoSteps.map(\.actionName) == ["Rename Photo"] && fixture.stack.redoSteps.map(\.actionName) == ["Rename Album"])
        manager.redo()
        #expect(try fixture.names() == ["x", "y"] && !manager.canRedo)
        await endPass()
        #expect(manager.exceptions.isEmpty && fixture.errors.isEmpty)
    }

    @Test func stepsOfOnePassAreOneMenuCommand() async throws {
        let fixture = try Fixture()
        try fixture.rename(1, "x", action: "Rename")
        try fixture.rename(2, "y", action: "Rename")
        await endPass()
        fixture.manager.undo()
        #expect(try fixture.names() == ["a", "b"], "one undo takes back what one event wrote")
        fixture.manager.redo()
        #expect(try fixture.names() == ["x", "y"])
        #expect(fixture.manager.exceptions.isEmpty && fixture.errors.isEmpty)
    }

    @Test func aRefusedUndoIsReportedAndTheStepOfferedAgain() async throws {
        let fixture = try Fixture()
        try fixture.rename(1, "x", action: "Rename Photo")
        await endPass()
        let other = try Database(location: .file(fixture.path))
        try other.execute(sql: "UPDATE photo SET name = 'theirs' WHERE id = 1")
        try other.close()
        fixture.manager.undo()
        #expect((fixture.errors.first as? DatabaseUndoError)?.code == .conflict)
        #expect(try fixture.names() == ["theirs", "b"])
        await endPass()
        #expect(fixture.manager.canUndo && fixture.manager.undoActionName == "Rename Photo", "the step is offered again")
        #expect(fixture.manager.exceptions.isEmpty)
    }

    @Test func theManagerFollowsTheStackWhenItIsClearedOrUndoneDirectly() async throws {
        let fixture = try Fixture()
        try fixture.rename(1, "x", action: "One")
        await endPass()
        try fixture.rename(2, "y", action: "Two")
        await endPass()
        try fixture.stack.undo()
        await endPass()
        #expect(fixture.manager.undoActionName == "One")
        fixture.manager.undo()
        #expect(try fixture.names() == ["a", "b"])
        try fixture.rename(1, "z", action: "Three")
        await endPass()
        fixture.stack.removeAllSteps()
        await endPass()
        #expect(!fixture.manager.canUndo && !fixture.manager.canRedo)
        #expect(fixture.manager.exceptions.isEmpty && fixture.errors.isEmpty)
    }
}
#endif
