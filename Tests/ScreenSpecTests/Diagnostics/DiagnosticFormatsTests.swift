import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// `check --format json|sarif`: the renderers behind them. `SARIFValidationTests` (integration)
/// validates the SARIF log against the official SARIF 2.1.0 schema.
@Suite("Diagnostics for machines")
struct DiagnosticFormatsTests {
    static func loaded() -> [LoadedSpec] { Fixtures.diagnosticSamples() }

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
        let misspelled = try #require(all.first { $0.message.hasPrefix("unknown name 'emial'") })
        #expect(misspelled.replacement(in: sources[misspelled.range.file]) == "email")
        #expect(misspelled.replacement(in: nil) == nil)
        // An unknown type is reported over the whole type: no replacement by the nearest name.
        let type = try #require(all.first { $0.id == "unknown-type" })
        #expect(type.message.contains("did you mean") && type.replacement(in: sources[type.range.file]) == "String")
        let listed = SpecLoader.load(text: "screen: A\ninputs:\n  xs: { type: \"[Strng]\", default: [] }\n", path: "l.yaml")
        let listError = try #require(listed.diagnostics.first)
        #expect(listError.message.contains("did you mean") && listError.replacement(in: listed.source) == nil)
        #expect(misspelled.range.end.column - misspelled.range.start.column == "emial".count)
    }

    @Test func everyIdIsCataloged() {
        for d in Self.diagnostics() { #expect(DiagnosticCatalog.summary(d.id) != nil, "\(d.id)") }
    }

    @Test func sarifHasOneResultPerDiagnostic() throws {
        let all = Self.diagnostics()
        let text = SARIFLog.render(all, sources: Self.sources, toolVersion: "0.1.0")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.count == all.count)
        let uris = text.components(separatedBy: "\"uri\": \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(uris.contains("specs/with%20space.yaml") && uris.contains("file:///tmp/absolute.yaml"))
        #expect(text.contains("\"insertedContent\": {\n") && text.contains("\"text\": \"email\""))
    }
}
