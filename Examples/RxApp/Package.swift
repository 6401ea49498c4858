// swift-tools-version: 6.0
// The RxSwift shape of generated screens (docs/generated-code.md, "RxSwift"): specs/login.yaml and
// specs/events.yaml (with the screens events navigates to) as LoginViewModel and EventsViewModel,
// relays in, drivers and signals out, actions as `Action`, compiled against RxSwift 6 and Action 5.
//
// For a user, RxSwift and Action resolve from GitHub as usual. Where the network is not at hand
// (this repository's CI), set RXSWIFT_PATH and ACTION_PATH to local checkouts: `./test.sh` does,
// and says how to make them.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, so name the main package by the folder two
// levels up.
let specrun = Context.packageDirectory.split(separator: "/").dropLast(2).last.map { String($0).lowercased() } ?? "specrun"

let environment = Context.environment
let rxSwift: Package.Dependency = environment["RXSWIFT_PATH"].map { .package(path: $0) }
    ?? .package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.10.0")
let action: Package.Dependency = environment["ACTION_PATH"].map { .package(path: $0) }
    ?? .package(url: "https://github.com/RxSwiftCommunity/Action.git", from: "5.0.0")
// A path dependency is known by its folder's name, a URL one by the repository's.
let rxSwiftName = environment["RXSWIFT_PATH"].map { URL(fileURLWithPath: $0).lastPathComponent } ?? "RxSwift"
let actionName = environment["ACTION_PATH"].map { URL(fileURLWithPath: $0).lastPathComponent } ?? "Action"

// RxCocoa (Driver, Signal) and the Action library are for Apple platforms: RxSwift does not build
// RxCocoa on Linux, and Action needs it. There the generated shape uses plain Observables and its
// own `RxAction` (docs/generated-code.md, "RxSwift").
#if os(Linux)
let appleOnly: [Package.Dependency] = []
let cocoa: [Target.Dependency] = []
#else
let appleOnly: [Package.Dependency] = [action]
let cocoa: [Target.Dependency] = [
    .product(name: "RxCocoa", package: rxSwiftName),
    .product(name: "Action", package: actionName),
]
#endif

let package = Package(
    name: "RxApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(path: "../.."),
        rxSwift,
    ] + appleOnly,
    targets: [
        .target(
            name: "RxScreens",
            dependencies: [
                .product(name: "SpecRuntime", package: specrun),
                .product(name: "RxSwift", package: rxSwiftName),
                .product(name: "RxRelay", package: rxSwiftName),
            ] + cocoa,
            // The generated code compiles with no warning in Swift 6 with strict concurrency.
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            plugins: [.plugin(name: "SpecrunGenerate", package: specrun)]
        ),
        .testTarget(
            name: "RxScreensTests",
            dependencies: [
                "RxScreens",
                .product(name: "SpecRuntime", package: specrun),
                .product(name: "RxSwift", package: rxSwiftName),
                .product(name: "RxRelay", package: rxSwiftName),
            ] + cocoa
        ),
    ],
    swiftLanguageModes: [.v6]
)
