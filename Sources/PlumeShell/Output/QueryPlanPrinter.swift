/// Prints `EXPLAIN QUERY PLAN` results as the `sqlite3` shell's tree:
///
/// ```
/// QUERY PLAN
/// |--SCAN photo
/// `--USE TEMP B-TREE FOR ORDER BY
/// ```
struct QueryPlanPrinter {
    private struct Step {
        var id: Int
        var parent: Int
        var detail: [UInt8]
    }

    private var steps: [Step] = []

    /// Adds a row of `EXPLAIN QUERY PLAN` (id, parent, notused, detail).
    mutating func add(_ row: [ResultCell]) {
        guard row.count >= 4 else { return }
        steps.append(Step(id: Self.integer(row[0]), parent: Self.integer(row[1]), detail: row[3].text))
    }

    private static func integer(_ cell: ResultCell) -> Int {
        Int(String(decoding: cell.text, as: UTF8.self)) ?? 0
    }

    /// Prints the tree.
    func render(to output: OutputBuffer) {
        guard let first = steps.first else { return }
        var remaining = steps[...]
        if first.detail.first == UInt8(ascii: "-") { // "-- …" heading of a compound query
            guard steps.count > 1 else { return }
            output.write(first.detail.dropFirst(3))
            output.write("\n")
            remaining = steps.dropFirst()
        } else {
            output.write("QUERY PLAN\n")
        }
        renderLevel(Array(remaining), parent: 0, prefix: "", to: output)
    }

    private func renderLevel(_ steps: [Step], parent: Int, prefix: String, to output: OutputBuffer) {
        let children = steps.filter { $0.parent == parent }
        for (index, step) in children.enumerated() {
            let isLast = index == children.count - 1
            output.write(prefix + (isLast ? "`--" : "|--"))
            output.write(step.detail)
            output.write("\n")
            if prefix.utf8.count < 93 {
                renderLevel(steps, parent: step.id, prefix: prefix + (isLast ? "   " : "|  "), to: output)
            }
        }
    }
}
