import FetchedResults
import Foundation

/// What the demo measured, for its summary.
struct DemoStats: Sendable {
    var setupMilliseconds = 0.0
    var generateMilliseconds = 0.0
    var fetchMilliseconds = 0.0
    var photos = 0
    var initialRows = 0
    var initialSections = 0
    var finalRows = 0
    var finalSections = 0
    var changeSets = 0
    var steps = 0
    var missedSteps: [String] = []
    var inserted = 0, deleted = 0, moved = 0, updated = 0
    var sectionsInserted = 0, sectionsDeleted = 0
    /// Commit to change set applied, by writer.
    var latencies: [(writer: DemoStep.Writer, milliseconds: Double)] = []
    var secondProcess = ""
    var matchesFreshQuery = false
    var database = ""
    var interrupted = false

    mutating func record(_ changes: ChangeSet<DemoPhoto>) {
        changeSets += 1
        inserted += changes.insertedRows.count + changes.insertedSections.reduce(0) { $0 + $1.section.items.count }
        deleted += changes.deletedRows.count
        moved += changes.movedRows.count
        updated += changes.updatedRows.count
        sectionsInserted += changes.insertedSections.count
        sectionsDeleted += changes.deletedSections.count
    }

    /// The summary lines printed when the demo ends.
    var summary: [String] {
        func median(_ values: [Double]) -> String {
            guard !values.isEmpty else { return "n/a" }
            let sorted = values.sorted()
            return milliseconds(sorted[sorted.count / 2])
        }
        let all = latencies.map(\.milliseconds)
        let plume = latencies.filter { $0.writer == .plume }.map(\.milliseconds)
        let other = latencies.filter { $0.writer == .otherProcess }.map(\.milliseconds)
        var lines = [
            "plume demo: \(steps) steps\(interrupted ? " (interrupted)" : ""), \(changeSets) change sets applied to the list",
            "  changes: \(inserted) rows inserted, \(deleted) deleted, \(moved) moved, \(updated) updated; "
                + "\(sectionsInserted) sections inserted, \(sectionsDeleted) deleted",
            "  rows: \(initialRows) in \(initialSections) albums → \(finalRows) in \(finalSections) albums",
            "  timings: schema \(milliseconds(setupMilliseconds)), \(photos) photos generated in \(milliseconds(generateMilliseconds)), "
                + "first fetch \(milliseconds(fetchMilliseconds))",
            "  write to list: median \(median(all)), max \(all.max().map(milliseconds) ?? "n/a") "
                + "(plume, from the write call: median \(median(plume)); other process, from its commit: median \(median(other)))",
            "  second process: \(secondProcess)",
            "  the list matches a fresh query: \(matchesFreshQuery ? "yes" : "NO")",
            "  database: \(database)",
        ]
        lines += missedSteps.map { "  no change set for step: \($0)" }
        return lines
    }

    private func milliseconds(_ value: Double) -> String {
        String(cFormat: value < 10 ? "%.2f ms" : "%.0f ms", value)
    }
}
