import Foundation

// plume-benchmarks [--json] [--iterations N] [--sync-iterations N] [--rows N] [--filter NAME]
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--memory-child" {
    try MemoryWorkload.runChild(side: CommandLine.arguments[2], path: CommandLine.arguments[3])
    exit(0)
}
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--sync-server-child" {
    try SyncServerChild.serve(postgres: CommandLine.arguments[2], tokensPath: CommandLine.arguments[3])
}
/// What the command line selects.
struct Options: Sendable {
    var json = false
    var iterations = 7
    /// Runs of `sync.push` and `sync.bootstrap` (each trial starts a
    /// server, or moves a million rows).
    var syncIterations = 3
    /// The row count `--rows` gave, if any (the sync workloads have their
    /// own defaults).
    var rowsGiven: Int?
    var rows: Int { rowsGiven ?? 200_000 }
    var filter: String?
}
var options = Options()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--json": options.json = true
    case "--iterations": options.iterations = arguments.popFirst().flatMap(Int.init) ?? options.iterations
    case "--sync-iterations": options.syncIterations = arguments.popFirst().flatMap(Int.init) ?? options.syncIterations
    case "--rows": options.rowsGiven = arguments.popFirst().flatMap(Int.init) ?? options.rowsGiven
    case "--filter": options.filter = arguments.popFirst()
    default:
        FileHandle.standardError.write(Data("usage: plume-benchmarks [--json] [--iterations N] [--sync-iterations N] [--rows N] [--filter NAME]\nunknown argument: \(argument)\n".utf8))
        exit(64)
    }
}

/// Runs the selected workloads, then ends the process.
func runWorkloads(_ options: Options) -> Never {
    let (json, filter) = (options.json, options.filter)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-benchmarks-\(UUID().uuidString)")
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let printer = ResultPrinter(json: json)
        let runner = Runner(iterations: max(1, options.iterations), directory: directory)
        printer.printHeader(iterations: runner.iterations)
        // A filter ending in `$` names one workload exactly.
        for workload in WorkloadRegistry.workloads(rows: options.rows)
        where filter.map({ $0.hasSuffix("$") ? workload.name == $0.dropLast() : workload.name.hasPrefix($0) }) ?? true {
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
        if filter.map({ ObserveManyWorkload.name.hasPrefix($0) }) ?? true {
            try ObserveManyWorkload.run(in: directory, json: json)
        }
        if filter.map({ IdentityLookupWorkload.name.hasPrefix($0) }) ?? true {
            IdentityLookupWorkload.run(json: json)
        }
        try SyncWorkloads.run(rows: options.rowsGiven, iterations: max(1, options.syncIterations), in: directory, printer: printer, json: json) { name in
            filter.map { $0.hasSuffix("$") ? name == $0.dropLast() : name.hasPrefix($0) } ?? true
        }
    } catch {
        FileHandle.standardError.write(Data("plume-benchmarks: \(error)\n".utf8))
        try? FileManager.default.removeItem(at: directory)
        exit(1)
    }
    try? FileManager.default.removeItem(at: directory)
    exit(0)
}

// Controllers call their delegates on the main actor: the main thread
// serves the main queue while the workloads run on another thread.
// Under valgrind (Benchmarks/callgrind.sh), whose callgrind does not survive
// dispatchMain, workloads that need no main actor run on the main thread.
if ProcessInfo.processInfo.environment["PLUME_BENCH_MAIN_THREAD"] != nil {
    runWorkloads(options)
}
Thread.detachNewThread { [options] in runWorkloads(options) }
dispatchMain()
