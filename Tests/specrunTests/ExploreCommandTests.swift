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
        // The checker sees this race too: a second 'pay' is refused in its own transaction.
        #expect(found.stderr.contains("warning: 'busy' is set by the handler on 'pay' and by the handler on 'charge.errors' in the same transaction"), "\(found.stderr)")
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

    /// `--workers` changes the threads, not the result; 0 or a negative count is a usage error
    /// of one line.
    @Test func workersGiveTheSameResultAndABadCountIsRefused() throws {
        let path = try CLI.temporarySpec(Self.checkout)
        let one = try CLI.run(["explore", path, "--workers", "1", "--format", "json"])
        let two = try CLI.run(["explore", path, "--workers", "2", "--format", "json"])
        #expect(one.status == 1 && two.status == 1)
        func withoutTime(_ json: String) -> String { json.replacingOccurrences(of: #""(seconds|memory_bytes)":[0-9.e-]+"#, with: "", options: .regularExpression) }
        #expect(withoutTime(one.stdout) == withoutTime(two.stdout))
        #expect(one.stdout.contains("busyWhileCharging"))
        let zero = try CLI.run(["explore", "specs/login.yaml", "--workers", "0"])
        #expect(zero.status == 64)
        #expect(zero.stderr.contains("--workers takes 1 to 256 threads, found 0"))
        #expect(zero.stdout.isEmpty)
    }

    @Test func invalidSpecsAndArgumentsAreRefused() throws {
        let bad = try CLI.temporarySpec("screen: S\ninvariants:\n  x: 1 + 1\n")
        let invalid = try CLI.run(["explore", bad])
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("expected 'Bool', found 'Int'"))
        for arguments in [["--depth", "-1"], ["--strategy", "dfs"], ["--max-steps", "0"], ["--max-seconds", "0"],
                          ["--max-seconds", "nan"], ["--max-states", "0"], ["--workers", "0"], ["--workers", "-2"], ["--workers", "two"]] {
            #expect(try CLI.run(["explore", "specs/login.yaml"] + arguments).status == 64, "\(arguments)")
        }
    }

    /// `--params-from` names a scenario of the spec; another name is a usage error listing them.
    @Test func paramsFromNamesAScenario() throws {
        let spec = try CLI.temporarySpec("""
            screen: P
            params: { n: Int }
            inputs: { go: event }
            scenarios:
              - name: one
                params: { n: 1 }
                steps: [ { send: go } ]
              - name: two
                params: { n: 2 }
                steps: []
            """, name: "p.yaml")
        let chosen = try CLI.run(["explore", spec, "--params-from", "two"])
        #expect(chosen.status == 0 && chosen.stdout.contains("screen parameters: those of scenario 'two'"), "\(chosen)")
        let unknown = try CLI.run(["explore", spec, "--params-from", "three"])
        #expect(unknown.status == 64, "\(unknown)")
        #expect(unknown.stderr.contains("error: --params-from: \(spec) has no scenario 'three'; its scenarios are 'one', 'two'"), "\(unknown)")
    }
}
