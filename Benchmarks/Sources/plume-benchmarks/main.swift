import Foundation

// plume-benchmarks [--json] [--iterations N] [--rows N] [--filter NAME]
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--memory-child" {
    try MemoryWorkload.runChild(side: CommandLine.arguments[2], path: CommandLine.arguments[3])
    exit(0)
}
var json = false
var iterations = 7
var rows = 200_000
var filter: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--json": json = true
    case "--iterations": iterations = arguments.popFirst().flatMap(Int.init) ?? iterations
    case "--rows": rows = arguments.popFirst().flatMap(Int.init) ?? rows
    case "--filter": filter = arguments.popFirst()
    default:
        FileHandle.standardError.write(Data("usage: plume-benchmarks [--json] [--iterations N] [--rows N] [--filter NAME]\nunknown argument: \(argument)\n".utf8))
        exit(64)
    }
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-benchmarks-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

let printer = ResultPrinter(json: json)
let runner = Runner(iterations: max(1, iterations), directory: directory)
printer.printHeader(iterations: runner.iterations)
do {
    for workload in WorkloadRegistry.workloads(rows: rows) where filter.map({ workload.name.hasPrefix($0) }) ?? true {
        printer.print(try runner.run(workload))
    }
    if filter.map({ MemoryWorkload.name.hasPrefix($0) }) ?? true {
        try MemoryWorkload.run(in: directory, json: json)
    }
    // Before write.latency, whose observers leave work behind.
    if filter.map({ IdleWorkload.name.hasPrefix($0) }) ?? true {
        try IdleWorkload.run(in: directory, json: json)
    }
    if filter.map({ WriteLatencyWorkload.name.hasPrefix($0) }) ?? true {
        try WriteLatencyWorkload.run(in: directory, json: json)
    }
    if filter.map({ IdentityLookupWorkload.name.hasPrefix($0) }) ?? true {
        IdentityLookupWorkload.run(json: json)
    }
} catch {
    FileHandle.standardError.write(Data("plume-benchmarks: \(error)\n".utf8))
    exit(1)
}
