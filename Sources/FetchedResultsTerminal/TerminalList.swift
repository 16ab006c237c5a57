import FetchedResults
import FetchedResultsDataSourceCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlumeTerminal

/// A live, scrolling table in a terminal: a `ListConsumer` that draws
/// its data source's rows with section headers, briefly highlights rows
/// that were inserted, moved or updated, and rewrites only the screen lines
/// that changed.
///
/// ```swift
/// let list = TerminalList(size: TerminalSize(rows: 24, columns: 80), title: "photos") { print($0, terminator: "") }
/// list.dataSource = dataSource
/// dataSource.consumer = list
/// ```
///
/// Use `TerminalSession` to size it from the real terminal and follow
/// resizes; use ``LineListConsumer`` when standard output is not a
/// terminal.
@MainActor
public final class TerminalList: ListConsumer {
    /// Where the list reads titles and rows.
    public weak var dataSource: (any ListViewDataSource<TerminalCell>)? {
        didSet {
            // As a table view does, a new data source reloads the list.
            if let dataSource { model.reload(from: dataSource, consumer: self) }
            clampScrollOffset()
            redraw()
        }
    }
    /// The text of the top line.
    public var title: String { didSet { redraw() } }
    /// The titles of the columns, drawn under the top line; none by default.
    public var columnTitles: [String] = [] { didSet { clampScrollOffset(); redraw() } }
    /// How long a changed row stays highlighted.
    public var highlightDuration: Duration = .milliseconds(1500)
    /// The size of the screen.
    public private(set) var size: TerminalSize
    /// The first list line shown (0 is the top).
    public private(set) var scrollOffset = 0
    /// The number of batches applied.
    public private(set) var batchCount = 0

    private(set) var model = TerminalListModel()
    /// The rows the last batch drew, at their new index paths.
    private var drawnByLastBatch: Set<IndexPath> = []
    private var writer = ScreenWriter()
    private var status = ""
    private let output: (String) -> Void
    private let now: () -> ContinuousClock.Instant

    /// Creates a terminal list.
    ///
    /// - Parameters:
    ///   - size: The size of the screen.
    ///   - title: The text of the top line.
    ///   - now: The clock that ends highlights (tests pass their own).
    ///   - output: Writes escapes and text to the terminal.
    public init(size: TerminalSize, title: String, now: @escaping () -> ContinuousClock.Instant = { .now },
                output: @escaping (String) -> Void) {
        self.size = size
        self.title = title
        self.now = now
        self.output = output
    }

    // MARK: - ListConsumer

    public func performBatchUpdates<Item: Sendable>(_ batch: ListBatch<Item>, updateData: @escaping () -> Void) {
        updateData()
        guard let dataSource else { return }
        let applied = model.apply(batch, dataSource: dataSource, consumer: self, highlightEnd: now() + highlightDuration)
        drawnByLastBatch = Set(applied.highlighted)
        batchCount += 1
        let changes = batch.changes
        status = "change \(batchCount): +\(changes.insertedRows.count) −\(changes.deletedRows.count) ↕\(changes.movedRows.count) ~\(changes.updatedRows.count)"
            + " · sections +\(changes.insertedSections.count) −\(changes.deletedSections.count)"
        if let first = applied.highlighted.min() { scrollToVisible(first) }
        redraw()
    }

    public func reloadData(_ snapshot: some ListSnapshot, updateData: () -> Void) {
        updateData()
        guard let dataSource else { return }
        model.reload(from: dataSource, consumer: self)
        drawnByLastBatch = []
        clampScrollOffset()
        redraw()
    }

    public func reconfigureRows(at indexPaths: [IndexPath]) {
        // Rows the last batch drew from its change set show their new
        // content already (a moved row carries it).
        let stale = indexPaths.filter { !drawnByLastBatch.contains($0) }
        guard let dataSource, !stale.isEmpty else { return }
        model.reconfigure(stale, dataSource: dataSource, consumer: self)
        redraw()
    }

    public func dequeueCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TerminalCell {
        TerminalCell(reuseIdentifier: identifier)
    }

    // MARK: - Terminal

    /// Adapts to a new terminal size and redraws everything.
    public func resize(to size: TerminalSize) {
        self.size = size
        writer.invalidate()
        clampScrollOffset()
        redraw()
    }

    /// Scrolls by a number of lines (negative: up).
    public func scroll(by lines: Int) {
        scrollOffset += lines
        clampScrollOffset()
        redraw()
    }

    /// Ends the highlights that are over and redraws what they leave.
    public func expireHighlights() {
        if model.expireHighlights(at: now()) { redraw() }
    }

    /// When the next highlight ends, if one is shown.
    public var nextHighlightEnd: ContinuousClock.Instant? { model.nextHighlightEnd }

    /// The number of rows in the list.
    public var rowCount: Int { model.rowCount }

    /// Writes the screen again from scratch (after something else wrote to
    /// the terminal).
    public func redrawAll() {
        writer.invalidate()
        redraw()
    }

    private func redraw() {
        output(writer.update(to: screen()))
    }

    /// The lines above the list: the title, and the column titles if any.
    private var headerHeight: Int { columnTitles.isEmpty ? 1 : 2 }

    private var viewportHeight: Int { max(size.rows - headerHeight - 1, 0) }

    private func clampScrollOffset() {
        let lineCount = ListLines(model: model).count
        scrollOffset = min(max(scrollOffset, 0), max(lineCount - viewportHeight, 0))
    }

    private func scrollToVisible(_ path: IndexPath) {
        let line = ListLines(model: model).line(of: path)
        if line < scrollOffset || line >= scrollOffset + viewportHeight {
            scrollOffset = line - viewportHeight / 4
        }
        clampScrollOffset()
    }

    /// The screen as it should look now: the title, the visible list
    /// lines, the status line.
    public func screen() -> ScreenBuffer {
        var screen = ScreenBuffer(size: size)
        let lines = ListLines(model: model)
        screen.setLine(0, " \(title) · \(model.sections.count) sections · \(model.rowCount) rows", style: .inverse)
        let widths = lines.columnWidths(including: columnTitles, limit: max(size.columns / 2, 8))
        if !columnTitles.isEmpty {
            screen.setLine(1, "  " + ListLines.columns(columnTitles, widths: widths), style: .bold)
        }
        for row in 0..<viewportHeight {
            guard let line = lines.line(at: scrollOffset + row, columnWidths: widths) else { break }
            screen.setLine(row + headerHeight, line.text, style: line.style)
        }
        if size.rows > 1 {
            let position = lines.count > viewportHeight
                ? "lines \(scrollOffset + 1)–\(min(scrollOffset + viewportHeight, lines.count)) of \(lines.count)" : ""
            screen.setLine(size.rows - 1, [status, position].filter { !$0.isEmpty }.joined(separator: " · "), style: .dim)
        }
        return screen
    }
}
