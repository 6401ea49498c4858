// swift-tools-version: 6.0
// An app's view of specrun: it links the engine (the SpecRuntime product) alone, with no YAML
// parser and no libyaml, and plays specs that `specrun compile` turned into JSON.
import PackageDescription

// A path dependency's identity is its folder's name (`specrun`, `main`, a worktree's name...),
// so name the main package by the folder two levels up.
let specrun = Context.packageDirectory.split(separator: "/").dropLast(2).last.map { String($0).lowercased() } ?? "specrun"

let package = Package(
    name: "CompiledPlayer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .target(name: "CompiledPlayer", dependencies: [.product(name: "SpecRuntime", package: specrun)]),
        // `compiled-player FILE.json...`: prints every scenario's timeline, as `specrun run` does.
        .executableTarget(name: "compiled-player", dependencies: ["CompiledPlayer"]),
        .testTarget(name: "CompiledPlayerTests", dependencies: ["CompiledPlayer", .product(name: "SpecRuntime", package: specrun)]),
    ]
)
