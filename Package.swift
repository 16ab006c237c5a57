// swift-tools-version:6.2
import PackageDescription

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
        .executable(name: "plume", targets: ["plume"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"]), .brew(["readline"])]),
        .target(
            name: "Persistence",
            dependencies: [
                "CSQLite",
                .product(name: "Algorithms", package: "swift-algorithms"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "FetchedResults",
            dependencies: ["Persistence"]),
        .target(
            name: "FetchedResultsDataSource",
            dependencies: [
                "FetchedResults",
                "Persistence",
                "PlumeTerminal",
                // On Linux the UIKit and AppKit adapters compile against
                // stand-ins declaring the subset of those frameworks they use.
                .target(name: "AppleListStandIns", condition: .when(platforms: [.linux])),
            ]),
        // Stand-ins for the parts of UIKit and AppKit the list adapters use,
        // stricter than the real frameworks (see Sources/AppleListStandIns).
        .target(name: "AppleListStandIns"),
        .target(
            name: "PlumeTerminal"),
        .target(
            name: "PlumeCLI",
            dependencies: [
                "Persistence",
                "FetchedResults",
                "FetchedResultsDataSource",
                "PlumeTerminal",
                "CSQLite",
                "CReadline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("Resources/DemoMigrations")]),
        .executableTarget(
            name: "plume",
            dependencies: ["PlumeCLI"]),
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
        // Fixtures every test target shares (seeded generators).
        .target(
            name: "PlumeTestSupport",
            path: "Tests/PlumeTestSupport"),
        .testTarget(
            name: "PersistenceTests",
            dependencies: ["Persistence", "CSQLite", "PlumeTestSupport"]),
        .testTarget(
            name: "FetchedResultsTests",
            dependencies: ["FetchedResults", "Persistence", "PlumeTestSupport"]),
        .testTarget(
            name: "FetchedResultsDataSourceTests",
            dependencies: ["FetchedResultsDataSource", "FetchedResults", "Persistence", "PlumeTerminal", "PlumeTestSupport", "AppleListStandIns"]),
        .testTarget(
            name: "AppleListStandInsTests",
            dependencies: ["AppleListStandIns", "FetchedResults"]),
        .testTarget(
            name: "PlumeCLITests",
            dependencies: ["PlumeCLI", "plume", "Persistence", "PlumeTerminal", "PlumeTestSupport"]),
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["PlumeExamples", "FetchedResultsDataSource", "FetchedResults", "Persistence", "AppleListStandIns"]),
        .testTarget(
            name: "DocumentationTests",
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
