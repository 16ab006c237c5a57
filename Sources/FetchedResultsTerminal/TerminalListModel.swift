import FetchedResults
import FetchedResultsDataSourceCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlumeTerminal

/// What a terminal list shows — section titles and the columns of every
/// row, with the rows to highlight — kept in step with each batch through
/// the one-at-a-time steps (the rows carry their highlight when they move).
@MainActor
struct TerminalListModel {
    /// Why a row is highlighted.
    enum Highlight: Sendable, Equatable {
        case inserted, moved, updated
    }

    struct Row {
        var columns: [String]
        var highlight: Highlight?
        var highlightEnd: ContinuousClock.Instant?
    }

    struct Section {
        var title: String?
        var rows: [Row]
    }

    var sections: [Section] = []
    /// The widest text seen in each column since the last reload: widths
    /// only grow between reloads, so columns do not jump as rows change.
    private(set) var columnWidths: [Int] = []

    /// The number of rows in all sections.
    var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

    /// Reads everything again from the data source.
    mutating func reload(from dataSource: any ListViewDataSource<TerminalCell>, consumer: any ListConsumer<TerminalCell>) {
        columnWidths = []
        sections = (0..<dataSource.numberOfSections).map { section in
            Section(title: dataSource.titleForHeader(inSection: section),
                    rows: (0..<dataSource.numberOfRows(inSection: section)).map { row in
                        Row(columns: measured(dataSource.cell(for: consumer, at: IndexPath(item: row, section: section)).columns))
                    })
        }
    }

    /// Applies a batch, draws the rows that changed from the items the
    /// change set carries (configured by the data source's cell closure)
    /// and highlights them until `highlightEnd`.
    ///
    /// - Returns: Readable lines, one per change (`+ [0, 3] text`), and the
    ///   new index paths of the highlighted rows.
    mutating func apply<Item>(_ batch: ListBatch<Item>, dataSource: any ListViewDataSource<TerminalCell>,
                              consumer: any ListConsumer<TerminalCell>,
                              highlightEnd: ContinuousClock.Instant) -> (lines: [String], highlighted: [IndexPath]) {
        let changes = batch.changes
        var lines: [String] = changes.deletedSections.map { "section − \($0) \(quoted(sections[$0].title))" }
        lines += changes.deletedRows.map { "− \($0.listText) \(text(sections[$0.section].rows[$0.item]))" }
        let placeholder = Row(columns: [])
        for step in batch.steps() {
            switch step {
            case .reloadRow: break  // read again below, at the new index path
            case .deleteRow(let path): sections[path.section].rows.remove(at: path.item)
            case .deleteSection(let index): sections.remove(at: index)
            case .insertSection(let index, let section):
                sections.insert(Section(title: nil, rows: Array(repeating: placeholder, count: section.items.count)), at: index)
            case .insertRow(let path, _): sections[path.section].rows.insert(placeholder, at: path.item)
            case .moveRow(let from, let to):
                sections[to.section].rows.insert(sections[from.section].rows.remove(at: from.item), at: to.item)
            }
        }
        for section in sections.indices {
            sections[section].title = dataSource.titleForHeader(inSection: section)
        }

        var highlighted: [(IndexPath, Highlight, String, Item)] = []
        for insert in changes.insertedSections {
            lines.append("section + \(insert.index) \(quoted(sections[insert.index].title)) (\(insert.section.items.count) rows)")
            highlighted += insert.section.items.enumerated().map { (IndexPath(item: $0, section: insert.index), .inserted, "+", $1) }
        }
        highlighted += changes.insertedRows.map { ($0.indexPath, .inserted, "+", $0.item) }
        highlighted += changes.movedRows.map { ($0.to, .moved, "↕ \($0.from.listText) →", $0.item) }
        highlighted += changes.updatedRows.map { ($0.to, .updated, "~", $0.item) }
        for (path, highlight, sign, item) in highlighted {
            let cell = dataSource.cell(for: consumer, configuredWith: item, at: path) ?? dataSource.cell(for: consumer, at: path)
            sections[path.section].rows[path.item] = Row(columns: measured(cell.columns), highlight: highlight, highlightEnd: highlightEnd)
            if sign != "+" || !changes.insertedSections.contains(where: { $0.index == path.section }) {
                lines.append("\(sign) \(path.listText) \(cell.columns.joined(separator: "  "))")
            }
        }
        return (lines, highlighted.map(\.0))
    }

    /// Reads the content of rows again (new coordinates).
    mutating func reconfigure(_ indexPaths: [IndexPath], dataSource: any ListViewDataSource<TerminalCell>,
                              consumer: any ListConsumer<TerminalCell>) {
        for path in indexPaths {
            sections[path.section].rows[path.item].columns = measured(dataSource.cell(for: consumer, at: path).columns)
        }
    }

    /// Clears the highlights that ended by `now`.
    ///
    /// - Returns: Whether any highlight ended.
    mutating func expireHighlights(at now: ContinuousClock.Instant) -> Bool {
        var changed = false
        for section in sections.indices {
            for row in sections[section].rows.indices {
                if let end = sections[section].rows[row].highlightEnd, end <= now {
                    sections[section].rows[row].highlight = nil
                    sections[section].rows[row].highlightEnd = nil
                    changed = true
                }
            }
        }
        return changed
    }

    /// The earliest end of a highlight still shown.
    var nextHighlightEnd: ContinuousClock.Instant? {
        sections.lazy.flatMap(\.rows).compactMap(\.highlightEnd).min()
    }

    /// Widens the columns for a row's texts, and returns them.
    private mutating func measured(_ columns: [String]) -> [String] {
        for (column, text) in columns.enumerated() {
            let width = text.displayWidth
            if column < columnWidths.count { columnWidths[column] = max(columnWidths[column], width) } else { columnWidths.append(width) }
        }
        return columns
    }

    private func text(_ row: Row) -> String { row.columns.joined(separator: "  ") }

    private func quoted(_ title: String?) -> String { title.map { "\"\($0)\"" } ?? "(untitled)" }
}
