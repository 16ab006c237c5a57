import Foundation

/// Prints results as a table for people, or as one JSON object per line.
struct ResultPrinter {
    var json: Bool

    func printHeader(iterations: Int) {
        guard !json else { return }
        Swift.print("Plume benchmarks: median (and plume p95) of \(iterations) interleaved runs, SQLite \(sqliteVersion())")
        Swift.print(row(["workload", "rows", "plume ms", "raw ms", "grdb ms", "plume/raw", "plume/grdb", "grdb/raw"]))
        Swift.print(String(repeating: "-", count: 104))
    }

    func print(_ result: WorkloadResult) {
        let plume = result.milliseconds[.plume]
        let raw = result.milliseconds[.raw]
        let grdb = result.milliseconds[.grdb]
        if json {
            var fields = ["\"name\":\"\(result.name)\"", "\"rows\":\(result.rows)"]
            if let plume { fields.append("\"plume_ms\":\(format(plume))") }
            if let raw { fields.append("\"raw_ms\":\(format(raw))") }
            if let grdb { fields.append("\"grdb_ms\":\(format(grdb))") }
            for (contender, value) in others(result) {
                fields.append("\"\(contender.rawValue)_ms\":\(format(value))")
            }
            for contender in Contender.allCases {
                if let p95 = result.p95[contender] { fields.append("\"\(contender.rawValue)_p95_ms\":\(format(p95))") }
            }
            Swift.print("{" + fields.joined(separator: ",") + "}")
            return
        }
        Swift.print(row([
            result.name, String(result.rows),
            plume.map(format) ?? "-", raw.map(format) ?? "-", grdb.map(format) ?? "-",
            ratio(plume, raw), ratio(plume, grdb), ratio(grdb, raw),
        ]) + others(result).map { contender, value in
            "\(contender.rawValue) \(format(value)) ms (plume/\(contender.rawValue) \(ratio(plume, value)))"
        }.joined(separator: " ") + (result.p95[.plume].map { " plume p95 \(format($0)) ms" } ?? ""))
    }

    /// Contenders beyond the table's columns (CollectionDifference).
    private func others(_ result: WorkloadResult) -> [(Contender, Double)] {
        Contender.allCases.filter { ![.plume, .raw, .grdb].contains($0) }.compactMap { contender in
            result.milliseconds[contender].map { (contender, $0) }
        }
    }

    private func format(_ milliseconds: Double) -> String {
        String(format: "%.2f", milliseconds)
    }

    private func ratio(_ value: Double?, _ base: Double?) -> String {
        guard let value, let base, base > 0 else { return "-" }
        return String(format: "%.2fx", value / base)
    }

    private func row(_ cells: [String]) -> String {
        let widths = [18, 8, 11, 11, 11, 11, 12, 11]
        return zip(cells, widths).map { cell, width in
            cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
        }.joined()
    }
}
