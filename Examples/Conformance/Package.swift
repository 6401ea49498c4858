// swift-tools-version: 6.0
// View models written by hand — async/await with a `Clock`, and Observation — checked against the
// specs they implement (docs/conformance.md): the build-tool plugin generates each spec's contract
// (`LoginViewModeling`, `LoginScreen.contract`) into the app's target, and the tests play every
// scenario and explored path of the spec against the view models with SpecConformance.
import PackageDescription

// A path dependency's identity is its folder's name, so name the main package by the folder two
// levels up.
let specrun = Context.packageDirectory.split(separator: "/").dropLast(2).last.map { String($0).lowercased() } ?? "specrun"

let package = Package(
    name: "Conformance",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        // The app's view models and, generated from the specs beside them, their contracts. The
        // specs are copies of the shipped ones (GenerateCommandTests keeps them equal).
        .target(
            name: "AppViewModels",
            dependencies: [.product(name: "SpecRuntime", package: specrun)],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            plugins: [.plugin(name: "SpecrunGenerate", package: specrun)]
        ),
        .testTarget(
            name: "AppViewModelsTests",
            dependencies: [
                "AppViewModels",
                .product(name: "SpecRuntime", package: specrun),
                .product(name: "SpecConformance", package: specrun),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
