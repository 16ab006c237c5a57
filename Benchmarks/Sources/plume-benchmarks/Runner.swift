import Foundation

/// Runs the contestants of a workload interleaved (A B C, B C A, C A B, …)
/// so that drift of the machine hits them alike, and keeps the median and
/// the 95th percentile.
struct Runner {
    var iterations: Int
    var directory: URL

    struct ChecksumMismatch: Error, CustomStringConvertible {
        var workload: String
        var checksums: [Contender: Int]
        var description: String {
            "\(workload): the contestants did not do the same work (checksums \(checksums))"
        }
    }

    func run(_ workload: any Workload) throws -> WorkloadResult {
        let only = ProcessInfo.processInfo.environment["PLUME_BENCH_ONLY"]
        let contestants = try workload.makeContestants(in: directory).filter { only == nil || $0.contender.rawValue == only }
        var samples: [Contender: [Double]] = [:]
        var checksums: [Contender: Int] = [:]
        let clock = ContinuousClock()
        for iteration in 0..<iterations {
            for offset in contestants.indices {
                let contestant = contestants[(offset + iteration) % contestants.count]
                let trial = try contestant.makeTrial()
                var checksum = 0
                let elapsed = try clock.measure { checksum = try Self.measuredRun(trial) }
                try trial.tearDown()
                checksums[contestant.contender] = checksum
                samples[contestant.contender, default: []].append(elapsed.milliseconds)
            }
        }
        if Set(checksums.values).count > 1 {
            throw ChecksumMismatch(workload: workload.name, checksums: checksums)
        }
        return WorkloadResult(name: workload.name, rows: workload.rows,
                              milliseconds: samples.mapValues(Self.median),
                              p95: samples.mapValues { Self.percentile(95, of: $0) })
    }

    /// The timed part of a trial, in a function of its own so that
    /// `valgrind --tool=callgrind --collect-atstart=no
    /// --toggle-collect='*measuredRun*'` counts the instructions of the
    /// work alone, not of its setup (see `Benchmarks/callgrind.sh`).
    @inline(never)
    static func measuredRun(_ trial: Trial) throws -> Int {
        try trial.run()
    }

    /// The nearest-rank percentile: the smallest sample at or above `p`
    /// percent of the samples (the maximum below 20 samples for p95).
    static func percentile(_ p: Double, of values: [Double]) -> Double {
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
