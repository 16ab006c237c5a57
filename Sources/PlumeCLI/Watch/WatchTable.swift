import FetchedResults
import FetchedResultsDataSourceCore
import FetchedResultsTerminal
import Foundation
import Persistence
import PlumeTerminal

/// A query's rows in a ``LiveList``: a live terminal table, or plain
/// change lines when there is no terminal. Shared by `plume watch --format
/// table` and the REPL's `.watch`, which decide what ending means.
@MainActor
final class WatchTable {
    private var controller: FetchedResultsController<Row>
    private var dataSource: FetchedResultsDataSource<Row, TerminalCell>
    private let list: LiveList
    private var fetch: Task<Void, Never>?
    private var hasEnded = false
    /// Called once the list shows the initial rows.
    var onShown: (() -> Void)?
    /// Called once when the watch ends by itself: with nil when the user
    /// typed `q` in the terminal table, with the error when the query failed.
    var onEnd: (((any Error)?) -> Void)?
    /// Opens the database again after another file took its place; nil
    /// to end with the error instead (see ``WatchReopening``).
    var reopen: ((FetchedResultsController<Row>) async throws -> FetchedResultsController<Row>)?

    /// Creates the list for a controller that fetched once.
    ///
    /// - Parameters:
    ///   - controller: The query, already fetched (see
    ///     ``WatchCommand/openController(database:request:)``).
    ///   - title: The top line of the terminal table.
    ///   - allowsTerminal: False to print plain lines even on a terminal.
    ///   - listsRows: Whether the plain lines start with every row.
    ///   - lineOutput: Where plain lines go.
    init(controller: FetchedResultsController<Row>, title: String, allowsTerminal: Bool = true,
         listsRows: Bool = false, lineOutput: @escaping (String) -> Void = { StandardStreams.printLineIfOpen($0) }) {
        self.controller = controller
        dataSource = Self.makeDataSource(controller)
        list = LiveList(title: title, dataSource: dataSource, allowsTerminal: allowsTerminal,
                        listsRows: listsRows, lineOutput: lineOutput)
        list.setColumnTitles(controller.snapshot.columnNames)
    }

    /// Whether the list draws in a terminal.
    var isTerminal: Bool { list.isTerminal }

    /// Starts showing the rows; returns at once (the caller runs the main
    /// queue).
    func start() {
        dataSource.onError = { [weak self] error in self?.handle(error) }
        list.onQuit = { [weak self] in self?.finish(nil) }
        fetch = Task { [weak self, dataSource, list] in
            do {
                try await dataSource.performFetch()
                // Connected after the fetch, so the list starts with the
                // rows, not with an empty state.
                dataSource.consumer = list.consumer
                self?.onShown?()
            } catch {
                self?.finish(error)
            }
        }
    }

    /// Stops following the query and restores the terminal; no `onEnd`.
    func end() {
        guard !hasEnded else { return }
        hasEnded = true
        fetch?.cancel()
        dataSource.stop()
        controller.stopObserving()
        list.end()
    }

    private static func makeDataSource(_ controller: FetchedResultsController<Row>) -> FetchedResultsDataSource<Row, TerminalCell> {
        FetchedResultsDataSource<Row, TerminalCell>(controller: controller) { cell, row in
            cell.columns = row.values.map(WatchTable.cellText)
        }
    }

    /// Follows a replaced file when it can (the list then shows the new
    /// file's rows), ends with the error otherwise.
    private func handle(_ error: any Error) {
        guard let reopen, WatchReopening.isReplacement(error) else { return finish(error) }
        fetch = Task { [weak self, controller] in
            do {
                let reopened = try await reopen(controller)
                self?.show(reopened)
            } catch {
                self?.finish(error)
            }
        }
    }

    /// Moves the list to another controller of the same query.
    private func show(_ reopened: FetchedResultsController<Row>) {
        guard !hasEnded else { return reopened.stopObserving() }
        dataSource.stop()
        controller = reopened
        dataSource = Self.makeDataSource(reopened)
        dataSource.onError = { [weak self] error in self?.handle(error) }
        list.setColumnTitles(reopened.snapshot.columnNames)
        list.setDataSource(dataSource)
        fetch = Task { [weak self, dataSource, list] in
            do {
                try await dataSource.performFetch()
                dataSource.consumer = list.consumer
            } catch {
                self?.finish(error)
            }
        }
    }

    private func finish(_ error: (any Error)?) {
        guard !hasEnded else { return }
        end()
        onEnd?(error)
    }

    /// A value as a table shows it.
    static func cellText(_ value: DatabaseValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .text(let text): text
        case .blob(let data): "<blob \(data.count) bytes>"
        }
    }
}
