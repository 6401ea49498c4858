import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// The JSON Schema against real files with a real validator (`check-jsonschema`, installed by
/// `.ci/run`): every spec in specs/ and every complete example of the docs validates, and wrong
/// specs are rejected with the place and the reason.
@Suite("JSON Schema with check-jsonschema", .requires(.checkJSONSchema))
struct SchemaValidationTests {
    static let schemaPath = PackagePaths.path("schema/spec.schema.json")

    @Test func everySpecAndDocExampleValidates() throws {
        let validator = ExternalTool.checkJSONSchema
        let specs = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.specs)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { PackagePaths.specs + "/" + $0 }
        #expect(specs.count >= 5)
        let folder = try PackagePaths.temporaryFolder("specrun-schema-docs")
        var examples: [String] = []
        for example in DocExample.all() where !example.invalid && !example.fragment {
            let name = example.page.replacingOccurrences(of: "/", with: "_") + "-line-\(example.line).yaml"
            try example.text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            examples.append(folder + "/" + name)
        }
        #expect(examples.count >= 20)
        let result = try validator.run(["--schemafile", Self.schemaPath] + specs + examples)
        #expect(result.status == 0, "\(result.output)")
    }

    /// `specrun init`'s first spec validates against the schema it writes beside it.
    @Test func theSpecInitWritesValidates() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-schema-init")
        let initialized = try CLI.run(["init", folder, "--screen", "Start"])
        #expect(initialized.status == 0, "\(initialized)")
        let result = try ExternalTool.checkJSONSchema.run(["--schemafile", folder + "/schema/spec.schema.json", folder + "/specs/start.yaml"])
        #expect(result.status == 0, "\(result.output)")
    }

    /// Mistakes an editor must underline: each spec is rejected by the validator, which names the
    /// place and, where it can, the offending key or value.
    static let wrongSpecs: [(name: String, text: String, mentions: String)] = [
        ("unknown section", "screen: A\ninput:\n  x: event\n", "input"),
        ("unknown operator", "screen: A\ninputs:\n  q: String\noutputs:\n  r: { stream: q, ops: [ { debounse: 300ms } ] }\n", "debounse"),
        ("duration without a unit", "screen: A\nscenarios:\n  - name: s\n    steps:\n      - wait: 300\n", "300"),
        ("unknown step", "screen: A\nscenarios:\n  - name: s\n    steps:\n      - wiat: 1s\n", "wiat"),
        ("unknown component kind", "screen: A\nview:\n  l: lable\n", "lable"),
        ("unknown component property", "screen: A\nview:\n  l: { label: { txt: title } }\n", "txt"),
        ("state without initial", "screen: A\nstate:\n  n: { type: Int }\n", "initial"),
        ("missing screen", "inputs:\n  x: event\n", "screen"),
        ("unknown failure", "screen: A\nservices:\n  api.x: { returns: Int, fails: http(42) }\n", "http(42)"),
        ("two-way on a label", "screen: A\ninputs:\n  n: { type: String, default: \"\" }\nview:\n  l: { label: { text: { twoWay: n } } }\n", "twoWay"),
        ("slider bound neither a number nor an expression", "screen: A\nview:\n  s: { slider: { minimumValue: { a: 1 } } }\n", "minimumValue"),
        ("stepper in a list of verbs", "screen: A\nview:\n  s: stepper\nscenarios:\n  - name: s\n    steps:\n      - stepp: s\n", "stepp"),
    ]

    @Test func wrongSpecsAreRejected() throws {
        let validator = ExternalTool.checkJSONSchema
        let folder = try PackagePaths.temporaryFolder("specrun-schema-wrong")
        var paths: [String] = []
        for (name, text, _) in Self.wrongSpecs {
            // The checker rejects it too: the schema is no stricter than the language here.
            #expect(SpecLoader.load(text: text, path: "wrong.yaml").spec == nil, "\(name): the checker accepts it")
            let path = folder + "/" + name.replacingOccurrences(of: " ", with: "-") + ".yaml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        // One run for all (each start of the validator costs a second or two).
        let result = try validator.run(["--schemafile", Self.schemaPath] + paths)
        #expect(result.status == 1, "expected validation errors, got status \(result.status):\n\(result.output)")
        let lines = result.output.split(separator: "\n")
        for ((name, _, mentions), path) in zip(Self.wrongSpecs, paths) {
            let errors = lines.filter { $0.contains(path + "::") }
            #expect(!errors.isEmpty, "\(name): no validation error:\n\(result.output)")
            #expect(errors.contains { $0.contains(mentions) }, "\(name): no error mentions '\(mentions)':\n\(errors.joined(separator: "\n"))")
        }
    }
}
