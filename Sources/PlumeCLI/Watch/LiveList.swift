import Dispatch
import FetchedResults
import FetchedResultsDataSourceCore
import FetchedResultsTerminal
import Foundation
import PlumeTerminal

/// The list `plume watch --format table`, the REPL's `.watch` and
/// `plume demo` show: a live terminal table when standard output is a
/// terminal (following resizes, ending highlights on a timer), plain change
/// lines otherwise.
@MainActor
final class LiveList {
    /// The consumer to give a data source.
    let consumer: any ListConsumer<TerminalCell>
    private let session: TerminalSession?
    private let table: TerminalList?
    private var timer: DispatchSourceTimer?
    /// Called when the user types `q` in the terminal table.
    var onQuit: (() -> Void)?

    /// Creates the list for standard output.
    ///
    /// - Parameters:
    ///   - title: The top line of the terminal table.
    ///   - dataSource: Where the list reads rows.
    ///   - allowsTerminal: False to print plain lines even on a terminal.
    ///   - listsRows: Whether the plain lines start with every row, not
    ///     only the counts.
    ///   - lineOutput: Where plain lines go (standard output by default).
    init(title: String, dataSource: any ListViewDataSource<TerminalCell>, allowsTerminal: Bool = true,
         listsRows: Bool = false, lineOutput: @escaping (String) -> Void = { StandardStreams.printLineIfOpen($0) }) {
        if allowsTerminal, let session = TerminalSession.start() {
            let table = TerminalList(size: session.size, title: title, output: session.write)
            table.dataSource = dataSource
            session.onResize = { table.resize(to: $0) }
            self.session = session
            self.table = table
            self.consumer = table
            session.onKey = { [weak self] key in
                if !table.handle(key) { self?.onQuit?() }
            }
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
            timer.setEventHandler { MainActor.assumeIsolated { table.expireHighlights() } }
            timer.resume()
            self.timer = timer
        } else {
            let lines = LineListConsumer(output: lineOutput)
            lines.listsRows = listsRows
            lines.dataSource = dataSource
            self.session = nil
            self.table = nil
            self.consumer = lines
        }
    }

    /// Whether the list draws in a terminal.
    var isTerminal: Bool { table != nil }

    /// The top line of the terminal table.
    func setTitle(_ title: String) {
        table?.title = title
    }

    /// The column titles of the terminal table.
    func setColumnTitles(_ titles: [String]) {
        table?.columnTitles = titles
    }

    /// Shows another data source's rows (after the database was opened
    /// again).
    func setDataSource(_ dataSource: any ListViewDataSource<TerminalCell>) {
        if let table {
            table.dataSource = dataSource
        } else if let lines = consumer as? LineListConsumer {
            lines.dataSource = dataSource
        }
    }

    /// Restores the terminal (shows what was there before the table).
    func end() {
        timer?.cancel()
        timer = nil
        session?.end()
    }
}
