import Foundation
import Testing

/// A fresh temporary folder to run the built `specrun` binary in, as a person runs it in a
/// project: files are written, edited and read relative to it.
package struct Workspace: Sendable {
    /// The folder's absolute path.
    package let folder: String

    /// A fresh folder holding `specs/`, with `specs/login.yaml` (the frozen fixture
    /// `Tests/Fixtures/login.yaml`) when `withLogin`.
    package init(withLogin: Bool = true) throws {
        folder = try PackagePaths.temporaryFolder("specrun-workspace")
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        if withLogin {
            try FileManager.default.copyItem(atPath: Fixtures.path("login.yaml"), toPath: folder + "/specs/login.yaml")
        }
    }

    /// The built binary's path.
    package var binary: String { get throws { try CLI.binary } }

    /// The absolute path of `relative`.
    package func path(_ relative: String) -> String { folder + "/" + relative }

    /// Writes `text` to `relative`, creating its folder.
    package func write(_ relative: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path(relative) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path(relative), atomically: false, encoding: .utf8)
    }

    /// The text of `relative`, or nil when it cannot be read.
    package func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `relative` exists.
    package func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    /// Replaces the first occurrence of `from` in a file.
    package func edit(_ relative: String, _ from: String, _ to: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try #require(read(relative), "\(relative) cannot be read", sourceLocation: sourceLocation)
        let range = try #require(text.range(of: from), "'\(from)' is not in \(relative)", sourceLocation: sourceLocation)
        try write(relative, text.replacingCharacters(in: range, with: to))
    }

    /// Runs `specrun arguments` in the folder to its exit.
    package func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:],
                    timeout: TimeInterval = 300) throws -> CommandResult {
        try CLI.run(arguments, in: folder, input: input, environment: environment, timeout: timeout)
    }

    /// Starts `specrun arguments` in the folder; the caller waits for it or kills it.
    package func start(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> RunningCommand {
        try CLI.start(arguments, in: folder, input: input, environment: environment)
    }

    /// Polls `condition` every 20 ms for at most `seconds`; whether it became true.
    package static func eventually(within seconds: Double = 30, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}
