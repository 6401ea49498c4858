// swift-tools-version: 6.0
// An app that embeds specs/login.yaml as its view model: a live clock, and `auth.signIn` served
// by a real HTTP server on 127.0.0.1. Depends on the project by path.
import PackageDescription

// A path dependency's identity is its folder's name (`specrun` in a clone, a worktree's name
// elsewhere), so name the project by the folder two levels up.
let specrun = Context.packageDirectory.split(separator: "/").dropLast(2).last.map { String($0).lowercased() } ?? "specrun"

let package = Package(
    name: "LiveLogin",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        // The login screen against its backend: the server, the service, the flow.
        .target(
            name: "LiveLogin",
            dependencies: [
                .product(name: "ScreenSpec", package: specrun),
                .product(name: "SpecRuntime", package: specrun),
                // `HTTPServiceProvider.providers(for:baseURL:environment:)`, over URLSession.
                .product(name: "SpecHTTP", package: specrun),
            ]
        ),
        // `swift run --package-path Examples/LiveLogin live-login`: signs in twice and prints what
        // the screen showed, at real milliseconds.
        .executableTarget(name: "live-login", dependencies: ["LiveLogin"]),
        .testTarget(name: "LiveLoginTests", dependencies: ["LiveLogin"]),
    ]
)
