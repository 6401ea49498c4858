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

let package = Package(
    name: "RxApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(path: "../.."),
        rxSwift,
        action,
    ],
    targets: [
        .target(
            name: "RxScreens",
            dependencies: [
                .product(name: "SpecRuntime", package: specrun),
                .product(name: "RxSwift", package: rxSwiftName),
                .product(name: "RxCocoa", package: rxSwiftName),
                .product(name: "Action", package: actionName),
            ],
            plugins: [.plugin(name: "SpecrunGenerate", package: specrun)]
        ),
        .testTarget(
            name: "RxScreensTests",
            dependencies: [
                "RxScreens",
                .product(name: "SpecRuntime", package: specrun),
                .product(name: "RxSwift", package: rxSwiftName),
                .product(name: "RxCocoa", package: rxSwiftName),
                .product(name: "Action", package: actionName),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
