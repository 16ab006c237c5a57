import Foundation
import Testing

/// Code that must not compile: each fixture of `Fixtures/CompileFailures`
/// (with the shared `Record.swift`) is type-checked against the Plume
/// modules this test run built, with the `@Table` macro's plug-in, and
/// must fail with the message its first line names
/// (`// expected-error: …`), on the line a second line names, if any
/// (`// expected-at-line: 11`).
///
/// The fixtures are type-checked by `swiftc` directly rather than built as
/// a package: a package depending on Plume would build swift-syntax again
/// (minutes), where this takes about a second per fixture.
@Suite struct CompileFailureTests {
    static let fixtures = DocumentationExampleTests.root.appendingPathComponent("Tests/DocumentationTests/Fixtures/CompileFailures")

    static let names = ["MisspelledKeyPath", "MisspelledColumn", "TypeMismatch", "OptionalColumnTypeMismatch", "TypeMismatchInConjunction",
                        "UpdateWithoutPrimaryKey", "NonConvertibleProperty"]

    @Test(arguments: names)
    func doesNotCompile(fixture: String) async throws {
        let build = try #require(BuiltModules.current, "no Plume build products next to the test binary")
        let file = Self.fixtures.appendingPathComponent("\(fixture).swift")
        let source = try String(contentsOf: file, encoding: .utf8)
        let expected = try #require(source.split(separator: "\n").first.flatMap { line in
            line.hasPrefix("// expected-error: ") ? String(line.dropFirst("// expected-error: ".count)) : nil
        })
        let run = try await ProcessRun.awaiting(ProcessRun.swiftcExecutable,
                                          ["-typecheck", Self.fixtures.appendingPathComponent("Record.swift").path, file.path] + build.flags,
                                          in: Self.fixtures, timeout: .seconds(120))
        #expect(run.status != 0, "\(fixture) compiled")
        #expect(run.output.contains("error: \(expected)"), "\(fixture):\n\(run.output)")
        let lines = source.split(separator: "\n")
        if lines.count > 1, lines[1].hasPrefix("// expected-at-line: ") {
            let line = lines[1].dropFirst("// expected-at-line: ".count)
            let located = run.output.split(separator: "\n").contains { $0.contains("\(fixture).swift:\(line):") && $0.contains("error: \(expected)") }
            #expect(located, "\(fixture): the error is not reported at line \(line):\n\(run.output)")
        }
    }

    @Test func theSharedRecordAloneCompiles() async throws {
        let build = try #require(BuiltModules.current, "no Plume build products next to the test binary")
        let run = try await ProcessRun.awaiting(ProcessRun.swiftcExecutable,
                                          ["-typecheck", Self.fixtures.appendingPathComponent("Record.swift").path] + build.flags,
                                          in: Self.fixtures, timeout: .seconds(120))
        #expect(run.status == 0, "\(run.output)")
    }
}

/// Where this test run's build put Plume's modules and the macro plug-in.
struct BuiltModules {
    /// The build's products folder (`.build/debug`).
    let products: URL
    /// The scratch folder (`.build`), whose `checkouts` hold the
    /// dependencies' C module maps.
    let scratch: URL

    /// The products folder holding the test binary, found from its path.
    static var current: BuiltModules? {
        let executable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules/Persistence.swiftmodule").path) {
                return BuiltModules(products: folder, scratch: folder.deletingLastPathComponent().deletingLastPathComponent())
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// `-I` for the Swift modules and CSQLite, a module map per C module
    /// of the build, and the macro plug-in.
    var flags: [String] {
        var flags = ["-I", products.appendingPathComponent("Modules").path,
                     "-I", DocumentationExampleTests.root.appendingPathComponent("Sources/CSQLite").path,
                     "-load-plugin-executable", products.appendingPathComponent("PlumeMacros-tool").path + "#PlumeMacros"]
        for root in [products, scratch.appendingPathComponent("checkouts")] {
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.lastPathComponent == "module.modulemap",
                      !url.path.contains("-tool.build"), !url.path.contains("/Tests/") else { continue }
                flags += ["-Xcc", "-fmodule-map-file=\(url.path)"]
            }
        }
        return flags
    }
}
