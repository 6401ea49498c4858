import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SpecTesting
import Testing
@testable import SpecrunCLI

/// The command line behaves like its peers: standard input, several specs, folders, `.yml`,
/// "did you mean", completion, colour, one spelling of `--format`, JUnit times.
@Suite struct ConventionTests {
    @Test func aDashReadsTheSpecFromStandardInput() throws {
        let cli = try Workspace()
        let run = try cli.run(["run", "-"], input: Fixtures.tiny)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Tiny › doubles\n"))
        #expect(run.stdout.contains("twice             8"))
        let check = try cli.run(["check", "-"], input: Fixtures.tiny)
        #expect(check.status == 0)
        #expect(check.stdout == "1 spec checked, no errors\n")

        let invalid = try cli.run(["check", "-"], input: "screen: S\noutputs:\n  a: b\n")
        #expect(invalid.status == 2)
        #expect(invalid.stderr.hasPrefix("<stdin>:3:6: error: unknown name 'b'"))
        let notUTF8 = try cli.run(["run", "-"], input: String(decoding: [0x73, 0xFF, 0xFE], as: UTF8.self).replacingOccurrences(of: "\u{FFFD}", with: "\u{1}"))
        #expect(notUTF8.status == 2)

        #expect(try cli.run(["check", "-", "-"], input: Fixtures.tiny).status == 64)
        let test = try cli.run(["test", "-"], input: Fixtures.tiny)
        #expect(test.status == 64)
        #expect(test.stderr.contains("'-' (a spec on standard input) cannot be used here"))
        #expect(try cli.run(["run", "--watch", "-"]).status == 64)
    }

    @Test func runAndCheckTakeSeveralFilesAndFolders() throws {
        let cli = try Workspace()
        try cli.write("more/tiny.yaml", Fixtures.tiny)
        try cli.write("more/deeper/other.yml", Fixtures.tiny.replacingOccurrences(of: "Tiny", with: "Other"))
        let run = try cli.run(["run", "specs/login.yaml", "more"])
        #expect(run.status == 0, "\(run.stderr)")
        let titles = run.stdout.split(separator: "\n").filter { $0.contains(" › ") }
        // Sorted by path, as 'test' orders them.
        #expect(titles.prefix(3) == ["Other › doubles", "Tiny › doubles", "Login › signs in once the form is valid"])
        let check = try cli.run(["check", "specs", "more"])
        #expect(check.status == 0)
        #expect(check.stdout == "3 specs checked, no errors\n")

        // One invalid spec among several: the others still run, and the status says invalid.
        try cli.write("more/broken.yaml", "screen: B\noutputs:\n  a: nope\n")
        let mixed = try cli.run(["run", "more"])
        #expect(mixed.status == 2)
        #expect(mixed.stdout.contains("Tiny › doubles"))
        #expect(mixed.stderr.contains("more/broken.yaml:3:6: error: unknown name 'nope'"))
        let scenario = try cli.run(["run", "specs", "more", "--scenario", "nope"])
        #expect(scenario.status == 64)
        #expect(scenario.stderr.contains("more/tiny.yaml:\n  doubles"))
    }

    @Test func aFolderWithoutSpecsIsAnErrorAndYmlIsFound() throws {
        let cli = try Workspace(withLogin: false)
        try FileManager.default.createDirectory(atPath: cli.path("empty/sub"), withIntermediateDirectories: true)
        try cli.write("empty/notes.txt", "not a spec")
        for command in ["run", "check", "test"] {
            let result = try cli.run([command, "empty"])
            #expect(result.status == 64, "\(command)")
            #expect(result.stderr == "error: no specs (*.yaml or *.yml files) in the folder 'empty'\n", "\(command)")
            #expect(!result.stdout.contains("0 passed"))
        }
        let emptyDefault = try cli.run(["test"])
        #expect(emptyDefault.status == 64)
        #expect(emptyDefault.stderr.contains("no specs"))

        try cli.write("specs/tiny.yml", Fixtures.tiny)
        let test = try cli.run(["test"])
        #expect(test.status == 0, "\(test.stdout)")
        #expect(test.stdout.contains("NEW      specs/tiny.yml › doubles"))
        #expect(cli.exists("specs/__snapshots__/tiny/doubles.timeline"))
    }

    @Test func everySubcommandNamesItself() {
        // A derived name costs a start-up 18 M instructions (SpecRun.subcommandNames).
        #expect(SpecRun.everySubcommandNamesItself)
    }

    @Test func aMistypedSubcommandGetsDidYouMean() throws {
        let cli = try Workspace()
        let run = try cli.run(["rnu", "specs/login.yaml"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("error: unknown subcommand 'rnu'; did you mean 'run'?\n"))
        #expect(try cli.run(["tset"]).stderr.contains("did you mean 'test'?"))
        #expect(try cli.run(["reveiw"]).stderr.contains("did you mean 'review'?"))
        let far = try cli.run(["frobnicate"])
        #expect(far.status == 64)
        #expect(far.stderr.contains("the subcommands are 'run', 'check', 'test', 'review'"))
        #expect(try cli.run(["help", "run"]).status == 0)
        #expect(try cli.run(["--version"]).stdout == "0.1.0\n")
    }

    @Test func completionScriptsCompleteSpecPathsAsFiles() throws {
        let cli = try Workspace()
        let bash = try cli.run(["--generate-completion-script", "bash"]).stdout
        // Files ending in .yaml or .yml, plus folders, for the spec arguments of every subcommand
        // that takes specs: run, check, test, review, graph, coverage, mutate, explore, compile,
        // generate and preview.
        #expect(bash.components(separatedBy: "-o plusdirs -fX '!*.@(yaml|yml)'").count - 1 == 11)
        let zsh = try cli.run(["--generate-completion-script", "zsh"]).stdout
        #expect(zsh.contains("_files -g '\\''*.yaml *.yml'\\''"))
        let fish = try cli.run(["--generate-completion-script", "fish"]).stdout
        #expect(fish.contains("set -l exts \\'yaml\\' \\'yml\\'"))
    }

    @Test(arguments: [
        (["--color", "always"], [String: String](), true),
        (["--color", "never"], ["FORCE_COLOR": "1"], false),
        ([], ["FORCE_COLOR": "1"], true),
        ([], ["FORCE_COLOR": "0"], false),
        ([], [:], false),
    ])
    func colorFollowsTheFlagThenTheEnvironment(flags: [String], environment: [String: String], colored: Bool) throws {
        let cli = try Workspace()
        // Workspace sets NO_COLOR=1 and output goes to a file: colour only when forced.
        let result = try cli.run(["test"] + flags, environment: environment)
        #expect(result.stdout.contains("\u{1B}[") == colored, "\(flags) \(environment)")
    }

    /// The shell asks `specrun ---completion <command> -- <option> <word index> <cursor> <words…>`
    /// (swift-argument-parser's protocol) and offers what it prints, one per line.
    @Test func theShellCompletesScenarioNamesFromTheSpecsNamed() throws {
        let cli = try Workspace()
        let all = try cli.run(["---completion", "run", "--", "--scenario", "3", "0", "specrun", "run", "specs/login.yaml", "--scenario", ""])
        #expect(all.status == 0)
        let names = all.stdout.split(separator: "\n").map(String.init)
        #expect(names.first == "signs in once the form is valid")
        #expect(names.contains("a second tap while signing in is refused"))
        let typed = try cli.run(["---completion", "test", "--", "--filter", "2", "3", "specrun", "test", "--filter", "a s"])
        #expect(typed.stdout == "a second tap while signing in is refused\n")
        // No path given: the specs folder. A spec that does not load offers nothing and says nothing.
        try cli.write("specs/broken.yaml", "screen: B\noutputs:\n  x: nme\n")
        let broken = try cli.run(["---completion", "run", "--", "--scenario", "3", "0", "specrun", "run", "specs/broken.yaml", "--scenario", ""])
        #expect(broken.status == 0 && broken.stdout.isEmpty && broken.stderr.isEmpty)
    }

    @Test(arguments: [
        (["--color", "always"], [String: String](), true),
        (["--color", "never"], ["FORCE_COLOR": "1"], false),
        ([], ["FORCE_COLOR": "1"], true),
        ([], [:], false),
    ])
    func runColorsItsTimelineOnlyWhenAsked(flags: [String], environment: [String: String], colored: Bool) throws {
        let cli = try Workspace()
        let result = try cli.run(["run", "specs/login.yaml"] + flags, environment: environment)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\u{1B}[") == colored, "\(flags) \(environment)")
        // The colours are all that differs: without them it is the snapshot text.
        let plain = try cli.run(["run", "specs/login.yaml"]).stdout
        let stripped = result.stdout.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == plain)
        if colored {
            #expect(result.stdout.contains("\u{1B}[33m▶ set email = \"someone@example.com\"\u{1B}[0m"))
            #expect(result.stdout.contains("\u{1B}[1mLogin › signs in once the form is valid\u{1B}[0m"))
        }
    }

    @Test func colorChoiceInProcess() {
        #expect(ColorChoice.auto.enabled(isTerminal: true, environment: [:]))
        #expect(!ColorChoice.auto.enabled(isTerminal: false, environment: [:]))
        #expect(!ColorChoice.auto.enabled(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(ColorChoice.auto.enabled(isTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!ColorChoice.auto.enabled(isTerminal: true, environment: ["TERM": "dumb"]))
        #expect(ColorChoice.auto.enabled(isTerminal: false, environment: ["FORCE_COLOR": "true", "NO_COLOR": "1"]))
        #expect(!ColorChoice.auto.enabled(isTerminal: true, environment: ["FORCE_COLOR": "false"]))
        #expect(ColorChoice.always.enabled(isTerminal: false, environment: ["NO_COLOR": "1"]))
        #expect(!ColorChoice.never.enabled(isTerminal: true, environment: ["FORCE_COLOR": "1"]))
        #expect(throws: (any Error).self) { try Run.parse(["x.yaml", "--color", "sometimes"]) }
    }

    @Test func formatIsTheSpellingAndReporterItsAlias() throws {
        let cli = try Workspace()
        #expect(try cli.run(["test"]).status == 0)
        let format = try cli.run(["test", "--format", "json"])
        let reporter = try cli.run(["test", "--reporter", "json"])
        #expect(format.status == 0)
        #expect(format.stdout == reporter.stdout)
        #expect(format.stdout.hasPrefix("{\"type\":\"scenario\",\"spec\":\"specs/login.yaml\""))
        #expect(try cli.run(["check", "specs", "--format", "text"]).status == 0)
        let lines = try cli.run(["run", "specs/login.yaml", "--format", "json"]).stdout.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) is [String: Any] })
        let bad = try cli.run(["test", "--output", "r.xml"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'--output' needs '--format json', '--format junit' or '--format html'"))
    }

    @Test func junitHasTimeAttributes() throws {
        let cli = try Workspace()
        let result = try cli.run(["test", "--format", "junit", "--filter", "too-short"])
        #expect(result.status == 0)
        let document = try XMLDocument(data: Data(result.stdout.utf8))
        let timed = try document.nodes(forXPath: "//testsuites | //testsuite | //testcase")
        #expect(timed.count == 5)
        for node in timed {
            let time = try #require((node as? XMLElement)?.attribute(forName: "time")?.stringValue, "\(node)")
            #expect(time.range(of: #"^\d+\.\d{3}$"#, options: .regularExpression) != nil, "\(time)")
        }
        #expect(JUnitReporter.seconds(.milliseconds(1234)) == "1.234")
        #expect(JUnitReporter.seconds(.microseconds(4_500)) == "0.005")
        #expect(JUnitReporter.seconds(.zero) == "0.000")
    }

    @Test func theReadmeSampleOutputIsWhatRunPrints() throws {
        let readme = try String(contentsOfFile: PackagePaths.root + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "The first prints, among others:\n\n```text\n"))
        let block = readme[start.upperBound...].prefix { _ in true }
        let end = try #require(block.range(of: "```"))
        let sample = block[..<end.lowerBound].split(separator: "\n").map(String.init)
        let printed = try CLI.run(["run", "specs/login.yaml"]).stdout.split(separator: "\n").map(String.init)
        // Every shown line, in order, with '...' standing for lines left out.
        var at = 0
        for line in sample where line.trimmingCharacters(in: .whitespaces) != "..." {
            let found = try #require(printed[at...].firstIndex(of: line), "README line not printed (in order): '\(line)'")
            at = found + 1
        }
        #expect(sample.count > 5)
    }
}
