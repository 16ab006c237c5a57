import FetchedResults
import FetchedResultsDataSourceCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A list consumer that prints each change set as readable lines, for
/// standard output that is not a terminal (a pipe, a file, a log):
///
/// ```text
/// section + 2 "Lisbon" (3 rows)
/// − [0, 4] Sunset  ★★★
/// + [1, 0] Harbour  ★★
/// ↕ [0, 1] → [0, 0] Bridge  ★★★★★
/// ~ [1, 3] Tram  ★
/// ```
@MainActor
public final class LineListConsumer: ListConsumer {
    /// Where the consumer reads titles and rows.
    public weak var dataSource: (any ListViewDataSource<TerminalCell>)? {
        didSet {
            // Follows the new data source from its current state.
            if let dataSource { model.reload(from: dataSource, consumer: self) }
        }
    }
    /// The number of batches applied.
    public private(set) var batchCount = 0
    /// Whether a reload also prints every row after its section's line
    /// (`  [0, 2] Bridge  ★★★★★`), not only the counts. Off by default: a
    /// log of changes to a large list should not start with all of it.
    public var listsRows = false

    private var model = TerminalListModel()
    private let output: (String) -> Void

    /// Creates a consumer.
    ///
    /// - Parameter output: Receives each line, without its newline.
    public init(output: @escaping (String) -> Void) {
        self.output = output
    }

    /// The number of rows shown.
    public var rowCount: Int { model.rowCount }

    public func performBatchUpdates<Item: Sendable>(_ batch: ListBatch<Item>, updateData: () -> Void) {
        updateData()
        guard let dataSource else { return }
        batchCount += 1
        let lines = model.apply(batch, dataSource: dataSource, consumer: self, highlightEnd: .now).lines
        for line in lines { output(line) }
    }

    public func reloadData(_ snapshot: some ListSnapshot, updateData: () -> Void) {
        updateData()
        guard let dataSource else { return }
        model.reload(from: dataSource, consumer: self)
        output("\(model.sections.count) sections, \(model.rowCount) rows")
        for (index, section) in model.sections.enumerated() {
            output("section \(index) \(section.title.map { "\"\($0)\"" } ?? "(untitled)") (\(section.rows.count) rows)")
            guard listsRows else { continue }
            for (item, row) in section.rows.enumerated() {
                output("  \(IndexPath(item: item, section: index).listText) \(row.columns.joined(separator: "  "))")
            }
        }
    }

    public func reconfigureRows(at indexPaths: [IndexPath]) {
        guard let dataSource else { return }
        model.reconfigure(indexPaths, dataSource: dataSource, consumer: self)
    }

    public func dequeueCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TerminalCell {
        TerminalCell(reuseIdentifier: identifier)
    }
}
