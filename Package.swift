// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "specrun",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ScreenSpec", targets: ["ScreenSpec"]),
        .library(name: "SpecRuntime", targets: ["SpecRuntime"]),
        .library(name: "SpecTools", targets: ["SpecTools"]),
        .executable(name: "specrun", targets: ["specrun"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "ScreenSpec", dependencies: ["CYaml"]),
        .target(name: "SpecRuntime", dependencies: ["ScreenSpec"]),
        .target(name: "SpecTools", dependencies: ["ScreenSpec", "SpecRuntime"]),
        .executableTarget(
            name: "specrun",
            dependencies: [
                "ScreenSpec", "SpecRuntime", "SpecTools",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ScreenSpecTests", dependencies: ["ScreenSpec"]),
        .testTarget(name: "SpecRuntimeTests", dependencies: ["SpecRuntime", "ScreenSpec", "SpecTools"]),
        // Plays every spec under specs/ against its committed snapshot, one test per scenario.
        .testTarget(name: "SpecSnapshotTests", dependencies: ["SpecRuntime", "ScreenSpec", "SpecTools"]),
        .testTarget(
            name: "specrunTests",
            dependencies: ["specrun", "SpecRuntime", "ScreenSpec", "SpecTools"],
            exclude: ["Fixtures"]
        ),
    ]
)
