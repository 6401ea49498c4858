import Foundation
import SpecRuntime
import SpecTesting
import Testing

/// `specrun compile` writes a spec's checked program as JSON, and `specrun run FILE.json` plays it
/// as it plays the YAML (docs/compiled-specs.md).
@Suite struct CompileCommandTests {
    @Test func aCompiledSpecRunsWithTheOutputOfItsYAML() throws {
        let compiled = try PackagePaths.temporaryFolder("specrun-compile") + "/login.json"
        let compile = try CLI.run(["compile", "specs/login.yaml", "--output", compiled])
        #expect(compile.status == 0)
        #expect(compile.stdout.isEmpty)
        let written = try String(contentsOfFile: compiled, encoding: .utf8)
        #expect(written.hasPrefix(#"{"format":"specrun-program","program":{"#))
        #expect(written.hasSuffix(#","version":\#(CompiledSpec.version)}"# + "\n"))
        // Standard output, with no --output or with '-', holds the same bytes.
        #expect(try CLI.run(["compile", "specs/login.yaml"]).stdout == written)
        #expect(try CLI.run(["compile", "specs/login.yaml", "--output", "-"]).stdout == written)

        for format in ["text", "json"] {
            let yaml = try CLI.run(["run", "specs/login.yaml", "--format", format])
            let json = try CLI.run(["run", compiled, "--format", format])
            #expect(json.status == 0)
            #expect(json.stdout == yaml.stdout)
            #expect(json.stderr == yaml.stderr)
        }
    }

    @Test func anInvalidSpecCompilesToNothing() throws {
        let spec = try CLI.temporarySpec("screen: Broken\ninputs:\n  email: Strin\n")
        let output = (spec as NSString).deletingLastPathComponent + "/broken.json"
        let result = try CLI.run(["compile", spec, "--output", output])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error:"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aFileThatIsNotACompiledSpecIsAnInvalidSpec() throws {
        let path = try CLI.temporarySpec(#"{"format": "specrun-program", "version": \#(CompiledSpec.version + 1)}"#, name: "old.json")
        let result = try CLI.run(["run", path])
        #expect(result.status == 2)
        #expect(result.stderr == "error: \(path): compiled spec version \(CompiledSpec.version + 1) is not supported: this engine reads version \(CompiledSpec.version); compile the spec again\n")
        #expect(result.stdout.isEmpty)
    }
}
