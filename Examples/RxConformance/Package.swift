// swift-tools-version: 6.0
// The seeds' view models written in RxSwift, in their Input/Output style, checked against the
// specs they implement (docs/conformance.md, issue 38): login (seeds 000/001), weather (002),
// events (004) and search, each played through every scenario and explored path of its spec by
// SpecConformance, on RxTest's `TestScheduler`.
//
// For a user, RxSwift resolves from GitHub as usual. Where the network is not at hand (this
// repository's CI), set RXSWIFT_PATH to a local checkout: `./test.sh` does, and says how to make
// one. RxCocoa and the Action library are not used: they do not build on Linux, so the login
// action is a small `RxAction` of the example's own, with Action's names and behaviour.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, so name the main package by the folder two
// levels up.
let specrun = Context.packageDirectory.split(separator: "/").dropLast(2).last.map { String($0).lowercased() } ?? "specrun"

let environment = Context.environment
let rxSwift: Package.Dependency = environment["RXSWIFT_PATH"].map { .package(path: $0) }
    ?? .package(url: "https://github.com/ReactiveX/RxSwift.git", "6.10.0"..<"6.11.0")
// A path dependency is known by its folder's name, a URL one by the repository's.
let rxSwiftName = environment["RXSWIFT_PATH"].map { URL(fileURLWithPath: $0).lastPathComponent } ?? "RxSwift"

let package = Package(
    name: "RxConformance",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(path: "../.."),
        rxSwift,
    ],
    targets: [
        // The app's view models in RxSwift and, generated from the specs beside them, the typed
        // screens whose compiled programs the contracts name. The specs are copies of the shipped
        // ones (GenerateCommandTests keeps them equal).
        .target(
            name: "RxViewModels",
            dependencies: [
                .product(name: "SpecRuntime", package: specrun),
                .product(name: "RxSwift", package: rxSwiftName),
                .product(name: "RxRelay", package: rxSwiftName),
            ],
            // The view models and the generated screens compile with no warning in Swift 6.
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            plugins: [.plugin(name: "SpecrunGenerate", package: specrun)]
        ),
        // The adapter: SpecConformance's time as RxTest's `TestScheduler`, the spec's fake
        // services as `Single`s on it, relays fed through it.
        .target(
            name: "RxConformance",
            dependencies: [
                .product(name: "SpecConformance", package: specrun),
                .product(name: "SpecRuntime", package: specrun),
                .product(name: "RxSwift", package: rxSwiftName),
                .product(name: "RxRelay", package: rxSwiftName),
                .product(name: "RxTest", package: rxSwiftName),
            ],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
        ),
        .testTarget(
            name: "RxViewModelsTests",
            dependencies: [
                "RxViewModels",
                "RxConformance",
                .product(name: "SpecConformance", package: specrun),
                .product(name: "SpecRuntime", package: specrun),
                .product(name: "RxSwift", package: rxSwiftName),
                .product(name: "RxRelay", package: rxSwiftName),
                .product(name: "RxTest", package: rxSwiftName),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
