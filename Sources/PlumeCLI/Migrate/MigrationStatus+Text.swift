import Persistence

extension MigrationStatus {
    /// The readable form of a status, as `plume migrate status` and the
    /// REPL's `.migrate status` print it, one line per element.
    var textLines: [String] {
        var lines = ["current version: \(currentVersion)"]
        lines.append(applied.isEmpty ? "applied: none" : "applied:")
        for record in applied {
            lines.append("  \(record.version)  \(record.name)  \(record.appliedAt)  \(record.executionMilliseconds) ms")
        }
        lines.append(pending.isEmpty ? "pending: none" : "pending:")
        for migration in pending {
            lines.append("  \(migration.version)  \(migration.name)")
        }
        if !problems.isEmpty {
            lines.append("problems:")
            for problem in problems {
                lines.append("  - " + problem.description.replacingEvery("\n", with: "\n    "))
            }
        }
        return lines
    }
}
