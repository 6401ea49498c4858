import Foundation
import ScreenSpec
import SpecRuntime
import Testing

/// The spec fixtures shared between test files, kept as files under `Tests/Fixtures/` so each has
/// one copy (a fixture only one test uses stays inline in that test).
package enum Fixtures {
    /// The path of a fixture file, such as `login.yaml`.
    package static func path(_ name: String) -> String { PackagePaths.fixtures + "/" + name }

    /// The text of a fixture file; a missing one fails the test that asked, naming the path.
    package static func text(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        guard let data = FileManager.default.contents(atPath: path(name)) else {
            Issue.record("missing test fixture \(path(name))", sourceLocation: sourceLocation)
            return ""
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The three-scenario login screen of the snapshot tests, frozen so that they do not change
    /// whenever the shipped `specs/login.yaml` grows.
    package static var login: String { text("login.yaml") }

    /// The login example of the design sketch, verbatim.
    package static var sketchLogin: String { text("sketch-login.yaml") }

    /// A checkout screen whose busy flag any error clears, so a second tap breaks its invariant.
    package static var checkout: String { text("checkout.yaml") }

    /// The smallest passing spec: `Tiny`, whose `twice` doubles `n`, and one scenario.
    package static var tiny: String { text("tiny.yaml") }

    /// A list screen that navigates to `Detail` with the picked name, and one scenario.
    package static var navigatingList: String { text("navigating-list.yaml") }

    /// The `Detail` screen `navigatingList` opens: a `name: String` parameter shown as `title`.
    package static var navigatedDetail: String { text("navigated-detail.yaml") }

    /// The checked spec of `text` as if read from `path`, other specs read from the disk (shipped
    /// specs navigate to their siblings); a spec that does not check fails the test with its
    /// rendered diagnostics.
    package static func checked(_ text: String, path: String = "/nonexistent/spec.yaml",
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: text, path: path, resolver: FileSystemSpecResolver())
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
    }

    /// Specs whose diagnostics cover notes with and without a place, fix-its, YAML errors and
    /// file errors; one path has a space and one is absolute.
    package static func diagnosticSamples() -> [LoadedSpec] {
        let specs = [
            ("specs/with space.yaml", "screen: A\ninputs:\n  email: { type: String, default: \"\" }\n  other: { type: Strng }\noutputs:\n  x: emial\n  a: b\n  b: a\n"),
            ("specs/escape.yaml", "screen: A\noutputs:\n  caption: \"Size: \\(n) pt\"\n"),
            ("/tmp/absolute.yaml", "screen: A\nview:\n  l: { label: { txt: x } }\n"),
            ("dup.yaml", "screen: A\ninputs:\n  a: event\n  a: event\n"),
        ]
        return specs.map { SpecLoader.load(text: $0.1, path: $0.0) } + [SpecLoader.load(path: "/nonexistent/spec.yaml")]
    }
}
