// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "specrun",
    // The engine and the generated code run on iOS too (docs/ios.md); the command line is for
    // macOS and Linux.
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "ScreenSpec", targets: ["ScreenSpec"]),
        .library(name: "SpecRuntime", targets: ["SpecRuntime"]),
        .library(name: "SpecTools", targets: ["SpecTools"]),
        // The engine's HTTP transport over URLSession, for an app whose specs call a backend
        // (`HTTPServiceProvider.providers(for:baseURL:environment:)`; docs/live.md).
        .library(name: "SpecHTTP", targets: ["SpecHTTP"]),
        // For an app's test target: a spec's scenarios and explored paths played against a view
        // model someone wrote (docs/conformance.md).
        .library(name: "SpecConformance", targets: ["SpecConformance"]),
        .executable(name: "specrun", targets: ["specrun"]),
        // `specrun preview` and `specrun run --live`, which use the network: `specrun` runs this
        // program for them, found beside itself or on PATH (docs/architecture.md, "Networking").
        .executable(name: "specrun-live", targets: ["specrun-live"]),
        // `swift package specrun …` and `swift package specrun-write …` in an app's package
        // (docs/install.md).
        .plugin(name: "SpecrunCommand", targets: ["SpecrunCommand"]),
        .plugin(name: "SpecrunWriteCommand", targets: ["SpecrunWriteCommand"]),
        // The build-tool plugin: a target's specs become typed Swift at every build (docs/generated-code.md).
        .plugin(name: "SpecrunGenerate", targets: ["SpecrunGenerate"]),
        .executable(name: "specrun-generate", targets: ["specrun-generate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `specrun preview`'s HTTP and WebSocket server (docs/preview.md says why this one).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // The test clock a view model under a conformance check is given (docs/conformance.md).
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        // Its main serial executor makes a view model's tasks run in one order on any machine.
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "ScreenSpec", dependencies: ["CYaml", "SpecProgram", "SpecRuntime"]),
        // The checked program at the bottom, as swift-syntax keeps its tree in SwiftSyntax: its
        // types, the operator and builtin catalogues, the validator and the compiled JSON. No
        // product: the engine re-exports it (`@_exported import SpecProgram`), so an app, the
        // generated code and a conformance test reach it through `SpecRuntime`, as before.
        .target(name: "SpecProgram"),
        .target(name: "SpecRuntime", dependencies: ["SpecProgram"]),
        // The only module that imports FoundationNetworking.
        .target(name: "SpecHTTP", dependencies: ["SpecRuntime"]),
        // What exploration needs of the engine's internals: a graph's state saved and restored,
        // and its digest. Above the engine, so that what an app links carries no exploration code;
        // below the tools and conformance (which links no front end), which both search states.
        .target(name: "SpecExploration", dependencies: ["SpecRuntime"]),
        .target(name: "SpecTools", dependencies: ["ScreenSpec", "SpecRuntime", "SpecExploration"]),
        // Conformance: the engine and a test clock, no front end, so that an app's test target
        // links no libyaml (the spec comes as the generated code's compiled program).
        .target(
            name: "SpecConformance",
            dependencies: [
                "SpecRuntime",
                "SpecExploration",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
            ]
        ),
        // `specrun generate`: typed Swift from a spec (docs/generated-code.md). Small on purpose:
        // the build-tool plugin's tool links it, the front end and the engine, nothing else.
        .target(name: "SpecCodegen", dependencies: ["ScreenSpec", "SpecRuntime"]),
        // `specrun preview`: the screen in a browser, over one WebSocket (docs/preview.md).
        .target(
            name: "SpecPreview",
            dependencies: ["ScreenSpec", "SpecRuntime", "SpecTools", "SpecHTTP", .product(name: "FlyingFox", package: "FlyingFox")],
            resources: [.copy("Page")]
        ),
        // The command line: every subcommand. Links nothing that uses the network, so that
        // `specrun` loads no libcurl; `preview` and `run --live` run in `specrun-live`.
        .target(
            name: "SpecrunCLI",
            dependencies: [
                "ScreenSpec", "SpecRuntime", "SpecTools", "SpecCodegen",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Not on `specrun-live`: SwiftPM 6 links an executable target's code into one that depends on
        // it, and libcurl with it (`swift build` builds both; `specrun` says so when it is missing).
        .executableTarget(name: "specrun", dependencies: ["SpecrunCLI"]),
        .executableTarget(name: "specrun-live", dependencies: ["SpecrunCLI", "SpecPreview", "SpecHTTP"]),
        // The build-tool plugin's generator: the front end, the engine and SpecCodegen, nothing else.
        .executableTarget(name: "specrun-generate", dependencies: ["SpecCodegen"]),
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
        .plugin(name: "SpecrunGenerate", capability: .buildTool(), dependencies: ["specrun-generate"]),
        // What every test target uses: the CLI runner, package paths, external tools, recorded
        // timelines, diagnostics assertions and the fixtures under Tests/Fixtures.
        .target(name: "SpecTesting", dependencies: ["ScreenSpec", "SpecRuntime"]),
        .testTarget(name: "SpecTestingTests", dependencies: ["ScreenSpec", "SpecRuntime", "SpecTesting"]),
        .testTarget(name: "ScreenSpecTests", dependencies: ["ScreenSpec", "SpecRuntime", "SpecTesting"]),
        // Test folders mirror their module's source folders (docs/architecture.md, "Tests").
        // Tools its tests drive the engine through (coverage, exploration) are declared, not borrowed.
        .testTarget(name: "SpecRuntimeTests", dependencies: ["SpecRuntime", "SpecExploration", "SpecHTTP", "ScreenSpec", "SpecTools", "SpecTesting"]),
        .testTarget(name: "SpecConformanceTests", dependencies: ["SpecConformance", "SpecRuntime", "ScreenSpec", "SpecTesting"]),
        .testTarget(name: "SpecToolsTests", dependencies: ["SpecTools", "SpecExploration", "SpecRuntime", "ScreenSpec", "SpecTesting"]),
        // Plays every spec under specs/ against its committed snapshot, one test per scenario.
        .testTarget(name: "SpecSnapshotTests", dependencies: ["SpecRuntime", "ScreenSpec", "SpecTools", "SpecTesting"]),
        .testTarget(name: "SpecPreviewTests", dependencies: ["SpecPreview", "SpecRuntime", "ScreenSpec", "SpecTools", "SpecTesting"]),
        .testTarget(name: "specrunTests", dependencies: ["SpecrunCLI", "specrun", "specrun-live", "SpecHTTP", "SpecRuntime", "ScreenSpec", "SpecTools", "SpecTesting"]),
        // Tests that drive external tools (Chromium, Graphviz, tmux, lcov, check-jsonschema):
        // skipped with the reason when a tool is missing, failed instead when `CI` is set.
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["SpecrunCLI", "specrun", "specrun-live", "SpecRuntime", "ScreenSpec", "SpecTools", "SpecTesting"]
        ),
    ]
)
