import Foundation
import SpecTesting
import Testing

/// `specrun coverage` and `specrun mutate` as a person runs them: exit codes, formats, `--min`,
/// `--output`, invalid specs.
@Suite("Coverage and mutate commands")
struct CoverageAndMutateCommandTests {
    @Test func mutateListsTheThresholdSurvivorOfTheWeakLogin() throws {
        let path = try CLI.temporarySpec(Fixtures.sketchLogin, name: "login.yaml")
        let result = try CLI.run(["mutate", path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\(path):9:28: survived in 'canLogin': email.count >= 10 -> email.count >= 3\n"
            + "      should have been caught by: 'signs in once the form is valid'\n"))
        #expect(try CLI.run(["mutate", path, "--min", "100"]).status == 1)
        let json = try CLI.run(["mutate", path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["scored"] as? Int ?? 0) > (object["killed"] as? Int ?? 0))
    }

    @Test func coverageWritesLcovToAFileAndHonorsMin() throws {
        let path = try CLI.temporarySpec(Fixtures.sketchLogin, name: "login.yaml")
        let report = (path as NSString).deletingLastPathComponent + "/coverage.lcov"
        let result = try CLI.run(["coverage", path, "--format", "lcov", "--output", report])
        #expect(result.status == 0 && result.stdout.isEmpty)
        let lcov = try String(contentsOfFile: report, encoding: .utf8)
        #expect(lcov.hasPrefix("TN:\nSF:\(path)\n") && lcov.hasSuffix("end_of_record\n"))
        let text = try CLI.run(["coverage", path, "--min", "100"])
        #expect(text.status == 1)
        #expect(text.stdout.contains("\(path):12:3: never 'login.errors' emits a failure of the work"))
        #expect(text.stderr.contains("is below the minimum 100.0%"))
    }

    @Test func invalidSpecsExitTwoWithLocatedDiagnostics() throws {
        let broken = try CLI.temporarySpec("screen: S\noutputs:\n  a: b + 1\n")
        for command in ["coverage", "mutate"] {
            let result = try CLI.run([command, broken])
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.contains("\(broken):3:6: error: unknown name 'b'"), "\(command)")
        }
        let stale = try CLI.temporarySpec(Fixtures.sketchLogin + """

            equivalentMutants:
              - { in: canLogin, change: "10 -> 12", reason: "no such mutant" }
            """)
        let result = try CLI.run(["mutate", stale])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: no mutant of 'canLogin' makes the change '10 -> 12'"))
        #expect(try CLI.run(["mutate", stale, "--min", "101"]).status == 64)
        let checked = try CLI.run(["check", stale])
        #expect(checked.status == 2 && checked.stderr.contains("error: no mutant of 'canLogin' makes the change '10 -> 12'"))
    }

    /// The sixth first user's D8: a run that scores no mutant said "score 100.0%: 0 of 0 mutants
    /// killed", and `--min 100` passed. It says "no mutants", and `--min` asks for a score.
    @Test func noMutantsIsNoScoreAndFailsMin() throws {
        let path = try CLI.temporarySpec("screen: S\ninputs:\n  tap: event\nscenarios:\n  - name: s\n    steps:\n      - send: tap\n")
        let plain = try CLI.run(["mutate", path])
        #expect(plain.status == 0 && plain.stdout.contains("  no mutants\n") && plain.stdout.contains("total: no mutants in 1 spec"), "\(plain.stdout)")
        let gated = try CLI.run(["mutate", path, "--min", "100"])
        #expect(gated.status == 1)
        #expect(gated.stderr.contains("error: no mutation score: no mutant was killed or survived"), "\(gated.stderr)")
    }

    @Test func theShippedSpecsKillEveryMutant() throws {
        let result = try CLI.run(["mutate", "--min", "100"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("survived"))
        // Piped, no progress line (a terminal sees one: BudgetIntegrationTests).
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("mutants/s"), "\(result.stderr.debugDescription)")
    }

    @Test func coveragePipedPrintsNoProgress() throws {
        let result = try CLI.run(["coverage"])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("total:"))
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("coverage:") && !result.stderr.contains("scenarios/s"),
                "\(result.stderr.debugDescription)")
    }
}
