import Foundation

/// Where things are in this package's checkout: the one lookup every test uses.
///
/// The root is found from this file's own path (`Sources/SpecTesting/PackagePaths.swift`), so it
/// holds whatever the working directory of the test process is.
package enum PackagePaths {
    /// The package root: the folder holding `Package.swift`.
    package static let root: String = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    /// The shipped specs, `specs/` under the root.
    package static let specs = root + "/specs"

    /// The shared test fixtures, `Tests/Fixtures/` under the root.
    package static let fixtures = root + "/Tests/Fixtures"

    /// A path under the root; `relative` has no leading slash.
    package static func path(_ relative: String) -> String { root + "/" + relative }

    /// The built `specrun` binary: beside the running test bundle (the build products folder,
    /// whatever `--build-path` was), else under `.build/debug`; nil when it was not built.
    package static let binary: String? = {
        var folders: [String] = []
        for path in [Bundle.main.executablePath, CommandLine.arguments.first].compactMap({ $0 }) {
            var url = URL(fileURLWithPath: path).deletingLastPathComponent()
            for _ in 0..<4 {
                folders.append(url.path)
                url.deleteLastPathComponent()
            }
        }
        folders.append(root + "/.build/debug")
        return folders.map { $0 + "/specrun" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// A fresh, empty temporary folder whose name starts with `prefix`.
    package static func temporaryFolder(_ prefix: String = "specrun-test") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
