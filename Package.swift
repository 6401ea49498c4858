// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "specrun",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ScreenSpec", targets: ["ScreenSpec"]),
        .library(name: "SpecRuntime", targets: ["SpecRuntime"]),
        .library(name: "SpecTools", targets: ["SpecTools"]),
        // The engine's HTTP transport over URLSession, for an app whose specs call a backend
        // (`HTTPServiceProvider.providers(for:baseURL:environment:)`; docs/live.md).
        .library(name: "SpecHTTP", targets: ["SpecHTTP"]),
        .executable(name: "specrun", targets: ["specrun"]),
        // `swift package specrun …` and `swift package specrun-write …` in an app's package
        // (docs/install.md).
        .plugin(name: "SpecrunCommand", targets: ["SpecrunCommand"]),
        .plugin(name: "SpecrunWriteCommand", targets: ["SpecrunWriteCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `specrun preview`'s HTTP and WebSocket server (docs/preview.md says why this one).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "ScreenSpec", dependencies: ["CYaml", "SpecRuntime"]),
        .target(name: "SpecRuntime"),
        // The only module that imports FoundationNetworking.
        .target(name: "SpecHTTP", dependencies: ["SpecRuntime"]),
        .target(name: "SpecTools", dependencies: ["ScreenSpec", "SpecRuntime"]),
        // `specrun preview`: the screen in a browser, over one WebSocket (docs/preview.md).
        .target(
            name: "SpecPreview",
            dependencies: ["ScreenSpec", "SpecRuntime", "SpecTools", "SpecHTTP", .product(name: "FlyingFox", package: "FlyingFox")],
            resources: [.copy("Page")]
        ),
        .executableTarget(
            name: "specrun",
            dependencies: [
                "ScreenSpec", "SpecRuntime", "SpecTools", "SpecPreview", "SpecHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The command plugins: the tool built from source, run in the app's package; the first
        // never writes there, the second asks for permission to (snapshots, --write, review).
        .plugin(
            name: "SpecrunCommand",
            capability: .command(
                intent: .custom(verb: "specrun", description: "Check, test, cover, mutate, explore or draw the package's screen specs."),
                permissions: []
            ),
            dependencies: ["specrun"]
        ),
        .plugin(
            name: "SpecrunWriteCommand",
            capability: .command(
                intent: .custom(verb: "specrun-write", description: "Run a specrun command that writes into the package: snapshots, explore --write, review."),
                permissions: [.writeToPackageDirectory(reason: "specrun writes snapshots and scenarios beside the specs")]
            ),
            dependencies: ["specrun"]
        ),
        // What every test target uses: the CLI runner, package paths, external tools, recorded
        // timelines, diagnostics assertions and the fixtures under Tests/Fixtures.
        .target(name: "SpecTesting", dependencies: ["ScreenSpec", "SpecRuntime"]),
        .testTarget(name: "SpecTestingTests", dependencies: ["ScreenSpec", "SpecRuntime", "SpecTesting"]),
        .testTarget(name: "ScreenSpecTests", dependencies: ["ScreenSpec", "SpecRuntime", "SpecTesting"]),
        // Test folders mirror their module's source folders (docs/architecture.md, "Tests").
        .testTarget(name: "SpecRuntimeTests", dependencies: ["SpecRuntime", "SpecHTTP", "ScreenSpec", "SpecTesting"]),
        .testTarget(name: "SpecToolsTests", dependencies: ["SpecTools", "SpecRuntime", "ScreenSpec", "SpecTesting"]),
        // Plays every spec under specs/ against its committed snapshot, one test per scenario.
        .testTarget(name: "SpecSnapshotTests", dependencies: ["SpecRuntime", "ScreenSpec", "SpecTools", "SpecTesting"]),
        .testTarget(name: "SpecPreviewTests", dependencies: ["SpecPreview", "SpecRuntime", "ScreenSpec", "SpecTools", "SpecTesting"]),
        .testTarget(name: "specrunTests", dependencies: ["specrun", "SpecHTTP", "SpecRuntime", "ScreenSpec", "SpecTools", "SpecTesting"]),
        // Tests that drive external tools (Chromium, Graphviz, tmux, lcov, check-jsonschema):
        // skipped with the reason when a tool is missing, failed instead when `CI` is set.
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["specrun", "SpecRuntime", "ScreenSpec", "SpecTools", "SpecTesting"]
        ),
    ]
)
