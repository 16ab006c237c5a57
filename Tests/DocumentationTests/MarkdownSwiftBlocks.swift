import Foundation

/// The Swift code blocks of one Markdown document, in order: each block
/// fenced ```` ```swift ```` alone on its line. Blocks fenced
/// ```` ```swift no-compile ```` (and any other language) are left out.
struct MarkdownSwiftBlocks {
    /// One block: its code and the line of the document where it starts.
    struct Block: Equatable {
        /// The 1-based line of the block's first code line.
        var line: Int
        /// The code, without the fences.
        var code: String
    }

    /// The blocks to compile, in document order.
    var blocks: [Block]

    /// The blocks as top-level code, in order, each preceded by a
    /// `#sourceLocation` naming the document and line.
    func topLevelProgram(documentPath: String) -> String {
        blocks.map { "#sourceLocation(file: \"\(documentPath)\", line: \($0.line))\n" + $0.code }.joined()
    }

    /// Extracts the blocks of `markdown`.
    init(markdown: String) {
        var blocks: [Block] = []
        var current: Block?
        var inOtherFence = false
        for (offset, rawLine) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if line == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    block.code += rawLine + "\n"
                    current = block
                }
            } else if inOtherFence {
                if line == "```" { inOtherFence = false }
            } else if line == "```swift" {
                current = Block(line: offset + 2, code: "")
            } else if line.hasPrefix("```") {
                inOtherFence = true
            }
        }
        self.blocks = blocks
    }

    /// One `main.swift` of every block in order, inside one main-actor
    /// async function as an app's code would be (so that calls pick the
    /// async overloads), each block preceded by a `#sourceLocation` naming
    /// the document and line so that a compiler error points into the
    /// Markdown. `import` lines move to the top of the file, and so do
    /// `@Table` types (from the attribute to the `}` that closes them at
    /// the start of a line): a macro cannot extend a type declared in a
    /// function.
    func program(documentPath: String) -> String {
        var imports: [String] = []
        var fileScope = ""
        var body = ""
        for block in blocks {
            body += "#sourceLocation(file: \"\(documentPath)\", line: \(block.line))\n"
            var hoisting = false
            for (offset, line) in block.code.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
                if line.hasPrefix("@Table") && !hoisting {
                    hoisting = true
                    fileScope += "#sourceLocation(file: \"\(documentPath)\", line: \(block.line + offset))\n"
                }
                if hoisting {
                    fileScope += line + "\n"
                    body += "\n"   // keeps the line numbers
                    if line == "}" {
                        hoisting = false
                        fileScope += "#sourceLocation()\n"
                    }
                } else if line.hasPrefix("import ") {
                    if !imports.contains(String(line)) { imports.append(String(line)) }
                    body += "\n"   // keeps the line numbers
                } else {
                    body += line + "\n"
                }
            }
            body += "#sourceLocation()\n"
        }
        return imports.joined(separator: "\n") + "\n" + fileScope + """

            @MainActor func runDocumentationExample() async throws {
            \(body)}

            try await runDocumentationExample()

            """
    }
}
