import Foundation

/// Files of the repository, found from this source file so that the benchmarks run from any folder.
public enum RepositoryPaths {
    /// The repository's root: the folder holding `Benchmarks/`.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        // .../Benchmarks/Sources/SpecWorkloads/Paths.swift -> ...
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    public static var loginSpec: String { root + "/specs/login.yaml" }
    public static var pagingSpec: String { root + "/Benchmarks/Specs/paging.yaml" }
    public static var listSpec: String { root + "/specs/list.yaml" }

    /// A fresh folder for generated specs and timelines.
    public static func temporaryFolder(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "specrun-bench-\(name)-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
