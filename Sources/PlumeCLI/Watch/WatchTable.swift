import FetchedResults
import FetchedResultsDataSource
import Foundation
import Persistence

/// `plume watch --format table`: the rows in a live terminal table, or
/// plain change lines when standard output is not a terminal.
@MainActor
enum WatchTable {
    /// Starts showing the controller's rows; returns at once (the caller
    /// runs the main queue).
    static func start(controller: FetchedResultsController<Row>, title: String) {
        let dataSource = FetchedResultsDataSource<Row, TerminalCell>(controller: controller) { cell, row in
            cell.columns = row.values.map(cellText)
        }
        let list = LiveList(title: title, dataSource: dataSource)
        list.setColumnTitles(controller.snapshot.columnNames)
        dataSource.onError = { error in
            list.end()
            Console.error("error: \(error)")
            exit(1)
        }
        WatchLifetime.keep(dataSource)
        WatchLifetime.keep(list)
        WatchLifetime.keep(SignalTrap { _ in
            MainActor.assumeIsolated { list.end() }
            exit(0)
        })
        Task {
            do {
                try await dataSource.performFetch()
                // Connected after the fetch, so the list starts with the
                // rows, not with an empty state.
                dataSource.consumer = list.consumer
            } catch {
                list.end()
                Console.error("error: \(error)")
                exit(1)
            }
        }
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
