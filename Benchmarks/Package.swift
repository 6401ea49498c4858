// swift-tools-version: 6.1
// The benchmarks live in their own package so that `swift test` of the main package never
// builds package-benchmark. Run them with `swift package --package-path Benchmarks benchmark`.
import PackageDescription

// A path dependency's identity is its folder's name (`specrun`, `main`, a worktree's name...),
// so name the main package by the folder this package sits in.
let specrun = Context.packageDirectory.split(separator: "/").dropLast().last.map { String($0).lowercased() } ?? "specrun"

let package = Package(
    name: "SpecrunBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The measured work, shared by the benchmarks and the `workload` driver.
        .target(
            name: "SpecWorkloads",
            dependencies: [
                .product(name: "ScreenSpec", package: specrun),
                .product(name: "SpecRuntime", package: specrun),
                .product(name: "SpecTools", package: specrun),
                .product(name: "SpecHTTP", package: specrun),
            ]
        ),
        // Runs one workload once, for callgrind and quick checks outside the harness.
        .executableTarget(name: "workload", dependencies: ["SpecWorkloads"]),
        // Save-to-result latency of `specrun … --watch`, driving the built binary (docs/performance.md).
        .executableTarget(name: "watch-latency"),
        .executableTarget(
            name: "SpecBenchmarks",
            dependencies: [
                "SpecWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ScreenSpec", package: specrun),
                .product(name: "SpecRuntime", package: specrun),
                .product(name: "SpecTools", package: specrun),
            ],
            path: "Benchmarks/SpecBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
