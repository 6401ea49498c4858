// swift-tools-version: 6.0
// An app's package that adopts specrun as a dependency and runs it through its command plugins:
//   swift package specrun check specs
//   swift package specrun test specs
// `.ci/run` runs both from a clean clone (the test `Tests/specrunTests/...` does not: it would
// build the whole tool again inside `swift test`).
import PackageDescription

// A path dependency's identity is its folder's name (`specrun`, `main`, a worktree's name...),
// so name the main package by the folder two levels up.
let specrun = Context.packageDirectory.split(separator: "/").dropLast(2).last.map { String($0).lowercased() } ?? "specrun"

let package = Package(
    name: "PluginApp",
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        // The app's own code; its screens' view models are the specs under specs/.
        .target(name: "PluginApp"),
    ]
)
