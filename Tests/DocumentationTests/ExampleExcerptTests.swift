import Foundation
import Testing

/// Every ```` ```swift from:Examples/… ```` block of the README and the
/// DocC articles is an excerpt of a compiled example.
@Suite struct ExampleExcerptTests {
    @Test func excerptsAreParsedInRuns() {
        let markdown = """
            ```swift from:Examples/A.swift
            let a = 1
            // …
                let b = 2
            ```
            """
        #expect(ExampleExcerpts(markdown: markdown).excerpts == [
            .init(line: 1, path: "Examples/A.swift", runs: [["let a = 1"], ["let b = 2"]]),
        ])
    }

    @Test func aRunMustAppearInOrderAsConsecutiveLines() {
        let file = "let a = 1\nlet c = 3\n    let b = 2\n"
        let inOrder = ExampleExcerpts.Excerpt(line: 1, path: "A", runs: [["let a = 1"], ["let b = 2"]])
        let reversed = ExampleExcerpts.Excerpt(line: 1, path: "A", runs: [["let b = 2"], ["let a = 1"]])
        let notConsecutive = ExampleExcerpts.Excerpt(line: 1, path: "A", runs: [["let a = 1", "let b = 2"]])
        #expect(ExampleExcerpts.mismatch(inOrder, file: file) == nil)
        #expect(ExampleExcerpts.mismatch(reversed, file: file) != nil)
        #expect(ExampleExcerpts.mismatch(notConsecutive, file: file) != nil)
    }

    @Test func everyExcerptIsInItsExample() throws {
        let root = DocumentationExampleTests.root
        var documents = ["README.md"]
        for module in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path) {
            let catalog = "Sources/\(module)/\(module).docc"
            let articles = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)) ?? []
            documents += articles.filter { $0.hasSuffix(".md") }.map { "\(catalog)/\($0)" }
        }
        var count = 0
        for document in documents {
            let markdown = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            for excerpt in ExampleExcerpts(markdown: markdown).excerpts {
                count += 1
                #expect(excerpt.path.hasPrefix("Examples/"), "\(document):\(excerpt.line)")
                let file = try String(contentsOf: root.appendingPathComponent(excerpt.path), encoding: .utf8)
                let problem = ExampleExcerpts.mismatch(excerpt, file: file)
                #expect(problem == nil, "\(document):\(excerpt.line): \(problem ?? "")")
            }
        }
        #expect(count >= 3, "the README and the data source articles show the examples")
    }
}
