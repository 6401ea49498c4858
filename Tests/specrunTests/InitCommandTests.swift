import Foundation
import ScreenSpec
import SpecTesting
import Testing

/// `specrun init` starts a project whose first spec passes every gate the workflow it writes
/// applies, and never overwrites a file (docs/install.md).
@Suite struct InitCommandTests {
    @Test func anEmptyFolderGetsASpecThatPassesTestMutateAndCoverage() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-init")
        let initialized = try CLI.run(["init", "--ci", "github", "--pre-commit"], in: folder)
        #expect(initialized.status == 0, "\(initialized)")
        for file in ["specs/welcome.yaml", "schema/spec.schema.json", ".github/workflows/specrun.yml", ".pre-commit-config.yaml"] {
            #expect(initialized.stdout.contains("wrote \(file)\n"), "\(initialized.stdout)")
            #expect(FileManager.default.fileExists(atPath: folder + "/" + file), "\(file) was not written")
        }
        // The workflow and the pre-commit configuration are well-formed YAML with what CI needs.
        for file in [".github/workflows/specrun.yml", ".pre-commit-config.yaml"] {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            var diagnostics = DiagnosticBag()
            let node = YAMLParser.parse(SourceFile(path: file, text: text), diagnostics: &diagnostics)
            #expect(node != nil && diagnostics.all.isEmpty, "\(file) is not well-formed YAML")
        }
        let workflow = try String(contentsOfFile: folder + "/.github/workflows/specrun.yml", encoding: .utf8)
        for step in ["check --format sarif", "upload-sarif", "test --ci --format junit", "mutate --min", "coverage --min"] {
            #expect(workflow.contains(step), "the workflow has no '\(step)'")
        }
        let spec = try String(contentsOfFile: folder + "/specs/welcome.yaml", encoding: .utf8)
        #expect(spec.hasPrefix("# yaml-language-server: $schema=../schema/spec.schema.json\n"))
        // The schema beside it is the one `specrun schema` prints.
        #expect(try String(contentsOfFile: folder + "/schema/spec.schema.json", encoding: .utf8) == CLI.run(["schema"]).stdout)

        // The snapshots were written by init, so a CI run (which never writes) passes at once.
        let test = try CLI.run(["test", "--ci"], in: folder)
        #expect(test.status == 0, "\(test)")
        #expect(test.stdout.hasSuffix("3 passed, 0 failed\n"), "\(test.stdout)")
        // The workflow's gates hold for the first spec as written.
        let mutate = try CLI.run(["mutate", "--min", "100", "specs"], in: folder)
        #expect(mutate.status == 0, "\(mutate)")
        let coverage = try CLI.run(["coverage", "--min", "100", "specs"], in: folder)
        #expect(coverage.status == 0, "\(coverage)")
        let explore = try CLI.run(["explore", "specs/welcome.yaml"], in: folder)
        #expect(explore.status == 0, "\(explore)")
    }

    @Test func itNeverOverwritesAndWritesNothingWhenAnyFileExists() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-init")
        try FileManager.default.createDirectory(atPath: folder + "/.github/workflows", withIntermediateDirectories: true)
        try "mine\n".write(toFile: folder + "/.github/workflows/specrun.yml", atomically: true, encoding: .utf8)
        let refused = try CLI.run(["init", folder, "--ci", "github"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: '\(folder)/.github/workflows/specrun.yml' already exists; 'specrun init' never overwrites a file, so it wrote nothing. Move it away or choose another '--screen'\n")
        #expect(try String(contentsOfFile: folder + "/.github/workflows/specrun.yml", encoding: .utf8) == "mine\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/specs"))

        // Without the workflow it starts; a second run of the same screen is refused whole.
        #expect(try CLI.run(["init", folder]).status == 0)
        let again = try CLI.run(["init", folder])
        #expect(again.status == 1)
        #expect(again.stderr.contains("'\(folder)/specs/welcome.yaml', '\(folder)/specs/__snapshots__/welcome' already exist"), "\(again.stderr)")
        // A second screen reuses the project's schema.
        let second = try CLI.run(["init", folder, "--screen", "Profile"])
        #expect(second.status == 0, "\(second)")
        #expect(!second.stdout.contains("schema/spec.schema.json"))
        #expect(try CLI.run(["test", "--ci", folder + "/specs"]).stdout.hasSuffix("6 passed, 0 failed\n"))
    }

    @Test func aLinkInTheWayIsRefusedAsAFileIs() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-init")
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/specs/welcome.yaml", withDestinationPath: "/nonexistent/elsewhere.yaml")
        let refused = try CLI.run(["init", folder])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("'\(folder)/specs/welcome.yaml' already exists"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/schema"))
    }

    @Test(arguments: ["", "9lives", "Log in", "Écran", "a-b"])
    func aScreenNameMustBeAnIdentifier(_ name: String) throws {
        let folder = try PackagePaths.temporaryFolder("specrun-init")
        let result = try CLI.run(["init", folder, "--screen", name])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: the screen name"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
