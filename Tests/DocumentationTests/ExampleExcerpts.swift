import Foundation

/// The blocks of a Markdown document that show code from `Examples/`,
/// fenced ```` ```swift from:Examples/PATH ````: code that needs UIKit,
/// AppKit or SwiftUI cannot compile as a documentation program on Linux,
/// but the examples compile in CI (against the stand-ins), so these blocks
/// are checked to be excerpts of them.
///
/// A block is one or more runs of lines separated by a line holding only
/// `// …`; each run must appear in the file, after the run before it, as
/// consecutive lines (indentation aside).
struct ExampleExcerpts {
    /// One excerpt: where the Markdown shows it, and what it claims.
    struct Excerpt: Equatable {
        /// The 1-based line of the fence.
        var line: Int
        /// The example's path relative to the package root.
        var path: String
        /// The runs of code, each as trimmed lines.
        var runs: [[String]]
    }

    var excerpts: [Excerpt]

    init(markdown: String) {
        var excerpts: [Excerpt] = []
        var current: Excerpt?
        for (offset, rawLine) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if var excerpt = current {
                if line == "```" {
                    excerpts.append(excerpt)
                    current = nil
                } else if line == "// …" {
                    excerpt.runs.append([])
                    current = excerpt
                } else {
                    excerpt.runs[excerpt.runs.count - 1].append(line)
                    current = excerpt
                }
            } else if line.hasPrefix("```swift from:") {
                current = Excerpt(line: offset + 1, path: String(line.dropFirst("```swift from:".count)), runs: [[]])
            }
        }
        self.excerpts = excerpts
    }

    /// Why an excerpt does not match its file, or nil when it does.
    static func mismatch(_ excerpt: Excerpt, file: String) -> String? {
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var start = 0
        for run in excerpt.runs {
            guard !run.isEmpty else { return "an empty run of code" }
            guard let found = (start...max(start, lines.count - run.count)).first(where: {
                $0 + run.count <= lines.count && Array(lines[$0..<$0 + run.count]) == run
            }) else {
                return "not in \(excerpt.path) (after line \(start)): \(run.first!)"
            }
            start = found + run.count
        }
        return nil
    }
}
