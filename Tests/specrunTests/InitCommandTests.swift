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
        for step in ["check --format github", "test --ci --format junit", "mutate --min", "coverage --min", "actions/cache@v4"] {
            #expect(workflow.contains(step), "the workflow has no '\(step)'")
        }
        // Annotations work on every repository; code scanning needs GitHub Advanced Security on private ones.
        #expect(!workflow.contains("sarif") && !workflow.contains("security-events"))
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

    /// The workflow runs on the Swift that wrote the package (a manifest of tools 6.3 cannot be read
    /// by an older Swift), and says what the package still needs.
    @Test(arguments: [("// swift-tools-version: 6.3\n", "6.3"), ("// swift-tools-version:6.1.2;(experimentalFeature)\n", "6.1"),
                      ("// swift-tools-version: 5.9\n", nil), ("import PackageDescription\n", nil)] as [(String, String?)])
    func theWorkflowRunsOnThePackagesSwift(_ manifest: String, _ swift: String?) throws {
        let folder = try PackagePaths.temporaryFolder("specrun-init")
        try (manifest + "let package = Package(name: \"App\")\n").write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        let result = try CLI.run(["init", "--ci", "github"], in: folder)
        #expect(result.status == 0, "\(result)")
        let workflow = try String(contentsOfFile: folder + "/.github/workflows/specrun.yml", encoding: .utf8)
        if let swift {
            #expect(workflow.contains("container: swift:\(swift) "), "\(workflow)")
            #expect(result.stdout.contains("the workflow runs on Swift \(swift) (the swift-tools-version of Package.swift)\n"), "\(result.stdout)")
        } else {
            #expect(result.stdout.contains("(the Swift this specrun was built with)\n"), "\(result.stdout)")
        }
        #expect(result.stdout.contains("next: the workflow runs 'swift package specrun': add .package(url: \"<specrun's repository>\", from: \"0.1.0\") to the dependencies in Package.swift"),
                "\(result.stdout)")
    }

    @Test func withoutAPackageItSaysTheWorkflowNeedsOne() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-init")
        let result = try CLI.run(["init", "--ci", "github"], in: folder)
        #expect(result.stdout.contains("next: the workflow runs 'swift package specrun', which needs a Swift package: in this folder, run 'swift package init'"),
                "\(result.stdout)")
        // A package that already depends on specrun needs nothing more.
        let other = try PackagePaths.temporaryFolder("specrun-init")
        try "// swift-tools-version: 6.0\nlet package = Package(name: \"App\", dependencies: [.package(path: \"../specrun\")])\n"
            .write(toFile: other + "/Package.swift", atomically: true, encoding: .utf8)
        let ready = try CLI.run(["init", "--ci", "github"], in: other)
        #expect(ready.status == 0 && !ready.stdout.contains("next: the workflow"), "\(ready.stdout)")
    }

    /// The pre-commit hooks look at specs only: a project's `.swiftlint.yml` or XcodeGen's
    /// `project.yml` is not one, and `specrun check` would refuse it and block the commit.
    @Test func thePreCommitHooksLookAtSpecsOnly() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-init")
        #expect(try CLI.run(["init", "--pre-commit"], in: folder).status == 0)
        let config = try String(contentsOfFile: folder + "/.pre-commit-config.yaml", encoding: .utf8)
        let hooks = try String(contentsOfFile: PackagePaths.root + "/.pre-commit-hooks.yaml", encoding: .utf8)
        for text in [config, hooks] {
            let patterns = text.split(separator: "\n").compactMap { line -> String? in
                let t = line.trimmingCharacters(in: .whitespaces)
                return t.hasPrefix("files: ") ? String(t.dropFirst("files: ".count)) : nil
            }
            #expect(patterns.count == 2)
            for pattern in patterns {
                let regex = try NSRegularExpression(pattern: pattern)
                func matches(_ path: String) -> Bool { regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil }
                #expect(matches("specs/welcome.yaml"), "\(pattern)")
                for other in [".swiftlint.yml", "project.yml", ".github/workflows/specrun.yml", ".pre-commit-config.yaml", "App/Resources/config.yaml"] {
                    #expect(!matches(other), "\(pattern) takes \(other)")
                }
            }
        }
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
