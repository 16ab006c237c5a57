import Foundation
import Testing

/// The README's and each DocC article's Swift blocks, taken in order, form
/// one program each; all of them build as executables of one temporary
/// package depending on Plume by path, and each runs to completion in a
/// fresh folder. Blocks fenced ```` ```swift no-compile ```` are left out.
@Suite struct DocumentationExampleTests {
    /// Plume's package root, three levels above this file.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func extractsOnlyCompilableSwiftBlocksWithTheirLines() {
        let markdown = """
            Text
            ```swift
            let a = 1
            ```
            ```swift no-compile
            UIView()
            ```
            ```sh
            swift test
            ```
            ```swift
            print(a)
            ```
            """
        let blocks = MarkdownSwiftBlocks(markdown: markdown).blocks
        #expect(blocks == [.init(line: 3, code: "let a = 1\n"), .init(line: 12, code: "print(a)\n")])
    }

    @Test func tableTypesMoveToFileScopeKeepingTheirLines() {
        let blocks = MarkdownSwiftBlocks(markdown: """
            ```swift
            import Persistence
            @Table("photo")
            struct Photo {
                var id: Int64
            }
            let count = 1
            ```
            """)
        let program = blocks.program(documentPath: "/doc.md")
        let function = program.range(of: "@MainActor func runDocumentationExample()")!.lowerBound
        let table = program.range(of: "@Table(\"photo\")")!.lowerBound
        #expect(table < function)
        #expect(program.contains("#sourceLocation(file: \"/doc.md\", line: 3)\n@Table(\"photo\")"))
        #expect(program[function...].contains("let count = 1"))
        #expect(!program[function...].contains("struct Photo"))
    }

    /// The README's tour runs as top-level code too, through its first
    /// `try await controller.performFetch()`.
    @Test func theTopLevelTourReachesTheControllersFetch() throws {
        let package = try ExamplePackage(root: Self.root)
        let tour = try #require(package.programs.first { $0.target == "README_TopLevel" })
        #expect(tour.isTopLevel)
        #expect(tour.blocks.blocks.first?.code.contains("try await dbQueue.write") == true)
        #expect(tour.blocks.blocks.last?.code.contains("try await controller.performFetch()") == true)
    }

    @Test(.timeLimit(.minutes(20)))
    func everyDocumentedProgramBuildsAndRuns() async throws {
        let package = try ExamplePackage(root: Self.root)
        #expect(package.programs.contains { $0.document == "README.md" })
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("plume-doc-examples-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let packageDirectory = workspace.appendingPathComponent("Examples")
        try FileManager.default.createDirectory(at: packageDirectory, withIntermediateDirectories: true)
        try package.write(to: packageDirectory)

        // One scratch folder kept between runs, so a second run rebuilds
        // only what changed.
        let scratch = Self.root.appendingPathComponent(".build/documentation-examples").path
        let swift = ProcessRun.swiftExecutable
        let common = ["--package-path", packageDirectory.path, "--scratch-path", scratch]
        let build = try await ProcessRun.awaiting(swift, ["build"] + common, in: workspace)
        try #require(build.status == 0, "the documentation's examples do not build:\n\(build.output)")
        // A snippet may bind a value only to show what a call returns:
        // "never used" is the one warning allowed.
        let warnings = build.output.split(separator: "\n")
            .filter { $0.contains(".md:") && $0.contains("warning:") && !$0.contains("[#no-usage]") }
        #expect(warnings.isEmpty, "the documentation's examples build with warnings:\n\(warnings.joined(separator: "\n"))")
        let binPath = try await ProcessRun.awaiting(swift, ["build", "--show-bin-path"] + common, in: workspace)
            .output.trimmingCharacters(in: .whitespacesAndNewlines)

        for program in package.programs {
            let folder = workspace.appendingPathComponent("run-\(program.target)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Tests/DocumentationTests/Fixtures/Migrations"),
                                             to: folder.appendingPathComponent("Migrations"))
            let run = try await ProcessRun.awaiting("\(binPath)/\(program.target)", [], in: folder, timeout: .seconds(120))
            #expect(run.status == 0, "\(program.document) exits with \(run.status):\n\(run.output)")
        }
    }
}
