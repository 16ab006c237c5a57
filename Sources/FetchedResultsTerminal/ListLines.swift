#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlumeTerminal

/// The lines of a terminal list, top to bottom: a header per titled
/// section, then its rows with a gutter that marks highlighted rows.
@MainActor
struct ListLines {
    let model: TerminalListModel
    /// The first line of each section (its header, when it has a title).
    private let starts: [Int]
    /// The total number of lines.
    let count: Int

    init(model: TerminalListModel) {
        self.model = model
        var starts: [Int] = []
        var line = 0
        for section in model.sections {
            starts.append(line)
            line += (section.title == nil ? 0 : 1) + section.rows.count
        }
        self.starts = starts
        self.count = line
    }

    /// The line that shows a row.
    func line(of path: IndexPath) -> Int {
        starts[path.section] + (model.sections[path.section].title == nil ? 0 : 1) + path.item
    }

    /// The width of each column: the widest text in it (titles included),
    /// at most `limit`.
    ///
    /// - Complexity: O(c) for c columns (the model measures rows as they
    ///   change).
    func columnWidths(including titles: [String], limit: Int) -> [Int] {
        var widths = model.columnWidths
        for (column, title) in titles.enumerated() {
            if column < widths.count { widths[column] = max(widths[column], title.displayWidth) } else { widths.append(title.displayWidth) }
        }
        return widths.map { min($0, limit) }
    }

    /// Columns fitted to their widths, two spaces apart; the last one is
    /// not padded (the line is cut at the screen's edge).
    static func columns(_ texts: [String], widths: [Int]) -> String {
        texts.enumerated().map { column, text in
            column == texts.count - 1 || column >= widths.count ? text : text.fitted(toWidth: widths[column])
        }.joined(separator: "  ")
    }

    /// The text and style of a line, or nil past the end.
    ///
    /// - Complexity: O(s) for s sections.
    func line(at index: Int, columnWidths: [Int]) -> ScreenLine? {
        guard index >= 0, index < count else { return nil }
        var section = 0
        while section + 1 < starts.count, starts[section + 1] <= index { section += 1 }
        let item = model.sections[section]
        var row = index - starts[section]
        if let title = item.title {
            if row == 0 { return ScreenLine(text: "▸ \(title) (\(item.rows.count))", style: .bold) }
            row -= 1
        }
        let content = item.rows[row]
        let text = Self.columns(content.columns, widths: columnWidths)
        switch content.highlight {
        case .inserted: return ScreenLine(text: "+ " + text, style: .inserted)
        case .moved: return ScreenLine(text: "↕ " + text, style: .moved)
        case .updated: return ScreenLine(text: "~ " + text, style: .updated)
        case nil: return ScreenLine(text: "  " + text)
        }
    }
}
