// swift-tools-version:6.2
import CompilerPluginSupport
import PackageDescription

/// `Fuzz/run.sh` sets `PLUME_FUZZ_SANITIZERS` (`fuzzer`, or
/// `fuzzer,address`) to build Plume's own modules with libFuzzer's coverage
/// instrumentation and `PLUME_FUZZING` (which makes `plume-fuzz` a
/// libFuzzer target rather than a replayer). Dependencies (swift-syntax,
/// BoringSSL) are built as usual, so an instrumented build in a scratch
/// path that holds them rebuilds only Plume's modules.
/// The hardening of the installed programs, as Debian's `sqlite3` has it:
/// full RELRO (relocations read-only after start, every symbol bound at
/// start: BIND_NOW) and a non-executable stack. Swift links a PIE and turns
/// the stack protector on by default. HardeningTests and
/// Scripts/check-hardening.sh check them.
let hardened: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now",
                  "-Xlinker", "-z", "-Xlinker", "noexecstack"], .when(platforms: [.linux])),
]

let fuzzSettings: [SwiftSetting] = Context.environment["PLUME_FUZZ_SANITIZERS"].map { sanitizers in
    [.unsafeFlags(["-sanitize=\(sanitizers)"]), .define("PLUME_FUZZING")]
} ?? []

let package = Package(
    name: "Plume",
    platforms: [
        .macOS(.v13),
        .iOS(.v16),
        .tvOS(.v16),
        .watchOS(.v9),
    ],
    products: [
        .library(name: "Persistence", targets: ["Persistence"]),
        .library(name: "FetchedResults", targets: ["FetchedResults"]),
        .library(name: "FetchedResultsDataSource", targets: ["FetchedResultsDataSource"]),
        .library(name: "FetchedResultsTerminal", targets: ["FetchedResultsTerminal"]),
        // The UIKit and AppKit stand-ins, for Linux tools that drive the list
        // adapters (the benchmarks); apps never link them.
        .library(name: "AppleListStandIns", targets: ["AppleListStandIns"]),
        .executable(name: "plume", targets: ["plume"]),
        // Sync through PostgreSQL: the client library apps link (no server
        // dependency), the server library, and the `plume-sync` tool.
        .library(name: "PlumeSync", targets: ["PlumeSync"]),
        .library(name: "PlumeSyncServer", targets: ["PlumeSyncServer"]),
        .executable(name: "plume-sync", targets: ["plume-sync"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The `@Table` macro (swift-syntax matches the 6.3 toolchain) and
        // its expansion tests.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
        // Sync: the client's HTTP client; the server's HTTP framework and
        // PostgreSQL driver (only PlumeSyncServer and plume-sync build them).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"]), .brew(["readline"])]),
        // The `@Table` and `@Column` macros' implementation (a compiler
        // plug-in); Persistence declares them.
        .macro(
            name: "PlumeMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]),
        .target(
            name: "Persistence",
            dependencies: [
                "CSQLite",
                "PlumeMacros",
                .product(name: "Algorithms", package: "swift-algorithms"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: fuzzSettings),
        .target(
            name: "FetchedResults",
            dependencies: ["Persistence"],
            swiftSettings: fuzzSettings),
        // The platform-neutral part of FetchedResultsDataSource (data
        // sources, batches, the consumer protocol), which that module
        // re-exports. Apart so that the terminal list and the `plume`
        // binary link none of the UIKit and AppKit adapters, which reach
        // full Foundation on Linux (NSObject, IndexSet): its sources use
        // FoundationEssentials only.
        .target(
            name: "FetchedResultsDataSourceCore",
            dependencies: ["FetchedResults", "Persistence"]),
        .target(
            name: "FetchedResultsDataSource",
            dependencies: [
                "FetchedResultsDataSourceCore",
                "FetchedResults",
                "Persistence",
                // On Linux the UIKit and AppKit adapters compile against
                // stand-ins declaring the subset of those frameworks they use.
                .target(name: "AppleListStandIns", condition: .when(platforms: [.linux])),
            ]),
        // Stand-ins for the parts of UIKit and AppKit the list adapters use,
        // stricter than the real frameworks (see Sources/AppleListStandIns).
        .target(name: "AppleListStandIns"),
        // A terminal screen buffer, keys and display widths.
        .target(
            name: "PlumeTerminal",
            swiftSettings: fuzzSettings),
        // The list consumers that draw in a terminal (a live table, or
        // changes as lines), apart so that app builds carry no terminal code.
        .target(
            name: "FetchedResultsTerminal",
            dependencies: ["FetchedResultsDataSourceCore", "FetchedResults", "PlumeTerminal"]),
        // The sqlite3-compatible shell: its session, dot-commands, output
        // modes and SQL extensions. The program that embeds it hands it
        // its own dot-commands and version (`ShellHost`).
        .target(
            name: "PlumeShell",
            dependencies: [
                "Persistence",
                "PlumeTerminal",
                "CSQLite",
                "CReadline",
            ],
            swiftSettings: fuzzSettings),
        // The `plume` subcommands (query, migrate, watch, history, demo)
        // around the shell.
        .target(
            name: "PlumeCLI",
            dependencies: [
                "PlumeShell",
                "Persistence",
                "FetchedResults",
                "FetchedResultsDataSourceCore",
                "FetchedResultsTerminal",
                "PlumeTerminal",
                "CSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "plume",
            dependencies: ["PlumeCLI"],
            // A shell that opens files from anywhere keeps the hardening of
            // the sqlite3 it replaces (see `hardened`).
            linkerSettings: hardened),
        // The sync protocol's wire types and merge rule, shared by the
        // client and the server (Foundation only).
        .target(name: "PlumeSyncProtocol"),
        // The sync client: a database's changes pushed from its change
        // history, the server's applied locally.
        .target(
            name: "PlumeSync",
            dependencies: [
                "Persistence",
                "PlumeSyncProtocol",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // The sync server: HTTP over PostgreSQL.
        .target(
            name: "PlumeSyncServer",
            dependencies: [
                "PlumeSyncProtocol",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // `plume-sync serve|run|status` (`plume sync …` runs it), apart
        // from `plume` so that the shell starts and links without them.
        .executableTarget(
            name: "plume-sync",
            dependencies: [
                "PlumeSync",
                "PlumeSyncServer",
                "Persistence",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // A server on the network and an agent that opens any database:
            // hardened as plume is.
            linkerSettings: hardened),
        // The seeds' architecture as real code: a UIKit photo list, an
        // AppKit table and a SwiftUI model (compiled on Linux against the
        // stand-ins).
        .target(
            name: "PlumeExamples",
            dependencies: [
                "Persistence",
                "FetchedResults",
                "FetchedResultsDataSource",
                .target(name: "AppleListStandIns", condition: .when(platforms: [.linux])),
            ],
            path: "Examples"),
        // The fuzz targets' checks (Fuzz/README.md). Built with the package
        // so that they cannot rot: a plain build is a replayer
        // (`plume-fuzz TARGET FILE...`); Fuzz/run.sh builds them with
        // libFuzzer (`fuzzSettings`).
        .executableTarget(
            name: "plume-fuzz",
            dependencies: ["Persistence", "FetchedResults", "PlumeShell", "CSQLite"],
            path: "Fuzz/Sources/plume-fuzz",
            swiftSettings: fuzzSettings),
        // Fixtures every test target shares (seeded generators).
        .target(
            name: "PlumeTestSupport",
            path: "Tests/PlumeTestSupport"),
        .testTarget(
            name: "PersistenceTests",
            dependencies: ["Persistence", "CSQLite", "PlumeTestSupport"]),
        .testTarget(
            name: "PlumeMacrosTests",
            dependencies: [
                "PlumeMacros",
                .product(name: "MacroTesting", package: "swift-macro-testing"),
            ]),
        .testTarget(
            name: "FetchedResultsTests",
            dependencies: ["FetchedResults", "Persistence", "PlumeTestSupport"]),
        .testTarget(
            name: "FetchedResultsDataSourceTests",
            // Terminal/: the terminal list, driven by the same random change
            // sets as the other consumers.
            dependencies: ["FetchedResultsDataSource", "FetchedResultsDataSourceCore", "FetchedResults", "Persistence", "FetchedResultsTerminal", "PlumeTerminal", "PlumeTestSupport", "AppleListStandIns"]),
        // A VFS that fails or "loses power" at the Nth I/O call, for the
        // reliability tests (never shipped).
        .target(
            name: "CFaultVFS",
            dependencies: ["CSQLite"],
            path: "Tests/CFaultVFS"),
        // Out-of-memory sweeps need SQLite's allocator replaced before it
        // initializes: a process of its own, run by ReliabilityTests.
        .executableTarget(
            name: "plume-oom-sweep",
            dependencies: ["CFaultVFS", "CSQLite", "Persistence", "FetchedResults"],
            path: "Tests/OutOfMemorySweep"),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: ["CFaultVFS", "CSQLite", "Persistence", "FetchedResults", "PlumeTestSupport", "plume-oom-sweep"]),
        .testTarget(
            name: "PlumeTerminalTests",
            dependencies: ["PlumeTerminal"]),
        .testTarget(
            name: "AppleListStandInsTests",
            dependencies: ["AppleListStandIns", "FetchedResults"]),
        .testTarget(
            name: "PlumeShellTests",
            dependencies: ["PlumeShell", "Persistence", "CSQLite", "PlumeTestSupport"]),
        .testTarget(
            name: "PlumeCLITests",
            dependencies: ["PlumeCLI", "PlumeShell", "plume", "Persistence", "PlumeTerminal", "PlumeTestSupport"]),
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["PlumeExamples", "FetchedResultsDataSource", "FetchedResults", "Persistence", "AppleListStandIns"]),
        .testTarget(
            name: "PlumeSyncTests",
            dependencies: [
                "PlumeSync", "PlumeSyncServer", "PlumeSyncProtocol", "Persistence", "FetchedResults", "PlumeTestSupport", "plume-sync", "plume",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["PlumeTestSupport"],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
