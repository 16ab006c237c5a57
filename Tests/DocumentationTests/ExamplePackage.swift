import Foundation

/// A temporary package with one executable target per documented program,
/// each depending on Plume's library products by path.
struct ExamplePackage {
    /// One program: a target name and the document it comes from.
    struct Program {
        /// The executable target's name.
        var target: String
        /// The document's path relative to the package root.
        var document: String
        /// The extracted blocks.
        var blocks: MarkdownSwiftBlocks
        /// Whether the blocks are top-level code, as a `main.swift` or a
        /// script is written, built with warnings as errors (the others
        /// run inside one async function).
        var isTopLevel = false
    }

    /// Plume's package root.
    let root: URL
    /// The programs, one per document with Swift blocks.
    let programs: [Program]

    /// The README and every DocC article under `Sources/*/*.docc`, each with
    /// at least one block to compile.
    init(root: URL) throws {
        self.root = root
        var documents = ["README.md"]
        let sources = root.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = "Sources/\(module)/\(module).docc"
            guard let articles = try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)
            else { continue }
            documents += articles.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        }
        var programs = try documents.compactMap { document -> Program? in
            let markdown = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            let blocks = MarkdownSwiftBlocks(markdown: markdown)
            guard !blocks.blocks.isEmpty else { return nil }
            return Program(target: Self.targetName(document), document: document, blocks: blocks)
        }
        if let readme = programs.first(where: { $0.document == "README.md" }), let tour = Self.topLevelTour(readme.blocks) {
            programs.append(Program(target: "README_TopLevel", document: "README.md", blocks: tour, isTopLevel: true))
        }
        self.programs = programs
    }

    /// The README's tour as a new user pastes it into a `main.swift`, from
    /// its first block through the controller's first fetch:
    /// `try await dbQueue.write { … }` and `try await controller.performFetch()`
    /// must be the async calls there too, without a warning (in top-level
    /// code Swift ranks a blocking overload of the same name first). Nil
    /// when the README has no such block.
    static func topLevelTour(_ readme: MarkdownSwiftBlocks) -> MarkdownSwiftBlocks? {
        guard let fetch = readme.blocks.firstIndex(where: { $0.code.contains("try await controller.performFetch()") }) else {
            return nil
        }
        var tour = readme
        tour.blocks = Array(readme.blocks[...fetch])
        return tour
    }

    /// `README.md` → `README`, `Sources/Persistence/Persistence.docc/GettingStarted.md`
    /// → `Persistence_GettingStarted`.
    static func targetName(_ document: String) -> String {
        let parts = document.split(separator: "/")
        let stem = parts.last!.replacingOccurrences(of: ".md", with: "")
        return parts.count > 2 ? "\(parts[1])_\(stem)" : stem
    }

    /// Writes `Package.swift` and each target's `main.swift` into `directory`.
    func write(to directory: URL) throws {
        for program in programs {
            let folder = directory.appendingPathComponent("Sources/\(program.target)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let documentPath = root.appendingPathComponent(program.document).path
            let code = program.isTopLevel
                ? program.blocks.topLevelProgram(documentPath: documentPath)
                : program.blocks.program(documentPath: documentPath)
            try Data(code.utf8).write(to: folder.appendingPathComponent("main.swift"))
        }
        try Data(manifest.utf8).write(to: directory.appendingPathComponent("Package.swift"))
    }

    /// The manifest: every library product for every target.
    var manifest: String {
        let identity = root.lastPathComponent
        let products = ["Persistence", "FetchedResults", "FetchedResultsDataSource", "FetchedResultsTerminal"]
            .map { ".product(name: \"\($0)\", package: \"\(identity)\")" }
            .joined(separator: ", ")
        let targets = programs.map { program in
            let settings = program.isTopLevel ? ", swiftSettings: [.unsafeFlags([\"-warnings-as-errors\"])]" : ""
            return "        .executableTarget(name: \"\(program.target)\", dependencies: [\(products)]\(settings)),"
        }
        return """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "PlumeDocumentationExamples",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(path: \(String(reflecting: root.path)))],
                targets: [
            \(targets.joined(separator: "\n"))
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }
}
