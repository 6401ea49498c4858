// swift-tools-version: 6.0
// An app's package that uses specrun's build-tool plugin: the specs in Sources/TypedScreens/specs
// become typed Swift at every build (LoginScreen, LoginModel, the specs' types, the contracts),
// the tests drive every shipped spec's screen with no string name (docs/generated-code.md), and
// hand-written view models are checked against their specs (docs/conformance.md).
import PackageDescription

// A path dependency's identity is its folder's name (`specrun`, `main`, a worktree's name...),
// so name the main package by the folder two levels up.
let specrun = Context.packageDirectory.split(separator: "/").dropLast(2).last.map { String($0).lowercased() } ?? "specrun"

let package = Package(
    name: "TypedApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        // The specs are copies of the shipped ones (specs/ at the root; ExamplesFollowSpecsTests
        // keeps them equal): a spec reads the specs it navigates to from its own package only.
        .target(
            name: "TypedScreens",
            dependencies: [.product(name: "SpecRuntime", package: specrun)],
            // The generated code compiles with no warning in Swift 6 with strict concurrency.
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            plugins: [.plugin(name: "SpecrunGenerate", package: specrun)]
        ),
        .testTarget(name: "TypedScreensTests", dependencies: ["TypedScreens", .product(name: "SpecRuntime", package: specrun)]),
        // View models written by hand — async/await with a `Clock`, and Observation — to the
        // contracts generated beside the screens (`LoginViewModeling`), and the tests that check
        // them against the specs with SpecConformance (docs/conformance.md).
        .target(name: "AppViewModels", dependencies: ["TypedScreens", .product(name: "SpecRuntime", package: specrun)]),
        .testTarget(
            name: "AppViewModelsTests",
            dependencies: [
                "AppViewModels", "TypedScreens",
                .product(name: "SpecRuntime", package: specrun),
                .product(name: "SpecConformance", package: specrun),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
