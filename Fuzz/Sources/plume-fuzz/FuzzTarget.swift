#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fuzz target: a name and a check that either returns or traps with
/// what broke (`fatalError`, which libFuzzer reports as a crash).
struct FuzzTarget: Sendable {
    /// The name `run.sh`, the corpus and the dictionary use.
    var name: String
    /// What it checks, one line (`--list` prints it).
    var summary: String
    /// Runs one input.
    var run: @Sendable (inout FuzzInput) -> Void

    /// Every target, in the order `run.sh` runs them.
    static let all: [FuzzTarget] = [
        .selectOutline, .migrationFile, .shellInput, .changeSet,
        .rowDecoding, .dateText, .jsonColumn, .csvImport, .databaseFile,
    ]

    /// The target `PLUME_FUZZ_TARGET` names; ends the process with a
    /// message naming the targets when it names none.
    static let selected: FuzzTarget = {
        let name = getenv("PLUME_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = all.first(where: { $0.name == name }) else {
            fail("PLUME_FUZZ_TARGET must name a target (one of: \(all.map(\.name).joined(separator: ", "))), not '\(name)'")
        }
        return target
    }()

    /// The replayer's command line: `--list`, or `TARGET FILE...`.
    static func replay(_ arguments: [String]) {
        if arguments.count == 2, arguments[1] == "--list" {
            for target in all { print("\(target.name)\t\(target.summary)") }
            return
        }
        guard arguments.count >= 3, let target = all.first(where: { $0.name == arguments[1] }) else {
            fail("usage: plume-fuzz --list | plume-fuzz TARGET FILE... (targets: \(all.map(\.name).joined(separator: ", ")))")
        }
        for path in arguments.dropFirst(2) {
            guard let bytes = readFile(path) else { fail("cannot read \(path)") }
            var input = FuzzInput(bytes)
            target.run(&input)
            print("\(path): ok")
        }
    }

    /// Ends the process with status 2 and a message on standard error.
    static func fail(_ message: String) -> Never {
        let line = Array("plume-fuzz: \(message)\n".utf8)
        _ = write(2, line, line.count)
        exit(2)
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}

/// Where targets write the files they read back (the working directory,
/// which `run.sh` makes a scratch directory of the target's own).
func scratchPath(_ name: String) -> String {
    "plume-fuzz-\(getpid())-\(name)"
}

/// Writes bytes to a file, or ends the process saying why.
func writeFile(_ path: String, _ bytes: [UInt8]) {
    guard let file = fopen(path, "wb") else { FuzzTarget.fail("cannot write \(path)") }
    if !bytes.isEmpty { _ = fwrite(bytes, 1, bytes.count, file) }
    fclose(file)
}
