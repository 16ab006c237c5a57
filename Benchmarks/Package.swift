// swift-tools-version:6.0
import PackageDescription

// Benchmarks live in their own package so that Plume never depends on what
// only a benchmark needs (GRDB). Run them in release mode:
//
//     swift run -c release --package-path Benchmarks plume-benchmarks
//     swift run -c release --package-path Benchmarks plume-benchmarks --json
let package = Package(
    name: "PlumeBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Plume", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // The sync workloads' floors write and read PostgreSQL directly.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .executableTarget(
            name: "plume-benchmarks",
            dependencies: [
                .product(name: "Persistence", package: "Plume"),
                .product(name: "FetchedResults", package: "Plume"),
                .product(name: "FetchedResultsDataSource", package: "Plume"),
                // On Linux the list adapters run against the UIKit stand-ins,
                // as the examples do.
                .product(name: "AppleListStandIns", package: "Plume", condition: .when(platforms: [.linux])),
                .product(name: "GRDB", package: "GRDB.swift"),
                // The raw C baseline calls sqlite3_* through GRDB's system
                // library module: Plume's CSQLite is not a product.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PlumeSync", package: "Plume"),
                .product(name: "PlumeSyncServer", package: "Plume"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
