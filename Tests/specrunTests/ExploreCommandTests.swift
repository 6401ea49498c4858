import Foundation
import SpecTesting
import Testing

/// `specrun explore` as a person runs it: exit status, the printed scenario, `--write`, JSON.
@Suite("specrun explore")
struct ExploreCommandTests {
    private static var checkout: String { Fixtures.checkout }

    @Test func aViolationExitsOneWithAScenarioThatWriteAppendsAndRunFails() throws {
        let path = try CLI.temporarySpec(Self.checkout)
        let found = try CLI.run(["explore", path])
        #expect(found.status == 1)
        #expect(found.stdout.hasPrefix("\(path): invariant 'busyWhileCharging' broken after 2 steps\n"))
        #expect(found.stdout.contains("""
              - name: "explore: invariant 'busyWhileCharging' broken"
                steps:
                  - send: pay
                  - send: pay
            """))
        #expect(!found.stderr.contains("warning"))
        let written = try CLI.run(["explore", path, "--write", "--strategy", "random", "--seed", "9"])
        #expect(written.status == 1)
        #expect(written.stderr.contains("appended scenario 'explore: invariant 'busyWhileCharging' broken'"))
        let run = try CLI.run(["run", path, "--scenario", "explore: invariant 'busyWhileCharging' broken"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("✗ invariant 'busyWhileCharging' does not hold after 'send pay': charge.executing = true, busy = false"))
    }

    @Test func nothingFoundExitsZeroAndJSONIsOneObject() throws {
        let clean = try CLI.run(["explore", "specs/login.yaml", "--format", "json"])
        #expect(clean.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(clean.stdout.utf8)) as? [String: Any]
        #expect(object?["violated"] as? Bool == false)
        // Every state of the login screen is reached within the default depth.
        #expect(object?["stop"] as? String == "exhausted")
        #expect((object?["distinct_states"] as? Int ?? 0) > 100)
        #expect(clean.stdout.split(separator: "\n").count == 1)
    }

    @Test func invalidSpecsAndArgumentsAreRefused() throws {
        let bad = try CLI.temporarySpec("screen: S\ninvariants:\n  x: 1 + 1\n")
        let invalid = try CLI.run(["explore", bad])
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("expected 'Bool', found 'Int'"))
        for arguments in [["--depth", "-1"], ["--strategy", "dfs"], ["--max-steps", "0"], ["--max-seconds", "0"],
                          ["--max-seconds", "nan"], ["--max-states", "0"]] {
            #expect(try CLI.run(["explore", "specs/login.yaml"] + arguments).status == 64, "\(arguments)")
        }
    }
}
