import Foundation
import SpecTesting
import SpecTools
import Testing

/// `check --format github` and `test --format github`: GitHub Actions workflow commands, one per
/// problem, each at its file and line, with GitHub's escaping.
@Suite("GitHub Actions annotations")
struct GitHubFormatTests {
    @Test func messagesAndPropertiesAreEscapedSoNothingStartsACommandOfItsOwn() {
        #expect(GitHubAnnotations.data("50% done\r\n::error::x") == "50%25 done%0D%0A::error::x")
        #expect(GitHubAnnotations.property("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
        let line = GitHubAnnotations.command(.warning, file: "specs/a,b.yaml", line: 3, column: 7, title: "t: x", "one\ntwo")
        #expect(line == "::warning file=specs/a%2Cb.yaml,line=3,col=7,title=t%3A x::one%0Atwo\n")
        #expect(GitHubAnnotations.command(.notice, file: nil, line: nil, "m") == "::notice::m\n")
    }

    @Test func checkAnnotatesEachDiagnosticAtItsPlace() throws {
        let path = try CLI.temporarySpec(CheckFormatTests.twoMistakes)
        let result = try CLI.run(["check", "--format", "github", path])
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("::error file=\(GitHubAnnotations.property(path)),line=5,col=10,title=specrun%3A unknown-name::unknown name 'emial'") == true)
        #expect(lines.last?.hasPrefix("::error file=\(GitHubAnnotations.property(path)),line=9,col=9,title=specrun%3A unknown-step::unknown step 'wiat'") == true)
        let valid = try CLI.run(["check", "--format", "github", "specs/login.yaml"])
        #expect(valid.status == 0)
        #expect(valid.stdout.isEmpty)
    }

    @Test func testAnnotatesAFailedExpectAtItsStepAndAChangedSnapshotAtItsScenario() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["test"]).status == 0)
        // The first expectation now fails at its step (line 28), and the answer comes a second sooner.
        try workspace.edit("specs/login.yaml", "      - expect: { canLogin: false }\n      - set: { password", "      - expect: { canLogin: true }\n      - set: { password")
        try workspace.edit("specs/login.yaml", "    latency: 5s\n", "    latency: 4s\n")
        let result = try workspace.run(["test", "--ci", "--format", "github"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("::error file=specs/login.yaml,line=28,title=specrun%3A signs in once the form is valid::expected canLogin == true, got false (at 0ms)") },
                "\(lines)")
        #expect(lines.contains { $0.hasPrefix("::error file=specs/login.yaml,line=25,title=specrun%3A signs in once the form is valid::snapshot differs: ") && $0.contains("%0A") },
                "\(lines)")
        #expect(result.stderr.contains("failed"))
    }
}
