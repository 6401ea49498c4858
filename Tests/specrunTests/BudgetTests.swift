import Foundation
import SpecTesting
import Testing

/// Issue 25, faults 9 and 10: `explore` kept states until memory ran out, and `mutate` and
/// `graph --format svg` ran for minutes in silence. Each now has a budget that stops it with a
/// message saying what was done.
@Suite("Budgets of explore, mutate and graph")
struct BudgetTests {
    /// Runs `specrun arguments`, killed after `seconds`: a budget that does not work must fail
    /// the test, not hang it. Also returns how long it took. The guard is far above any budget
    /// tested, so a loaded machine cannot fail a test through it: what proves that a budget
    /// stopped a run is the run's own message, not a time.
    static func run(_ arguments: [String], environment: [String: String] = [:], within seconds: Double = 600) throws -> (result: CommandResult, seconds: Double) {
        let started = Date()
        let result = try CLI.run(arguments, environment: environment, timeout: seconds)
        #expect(!result.timedOut, "specrun \(arguments.joined(separator: " ")) ran past \(seconds) s")
        return (result, Date().timeIntervalSince(started))
    }

    static func folder() throws -> String {
        try PackagePaths.temporaryFolder("budgets")
    }

    /// A chain of `outputs` outputs, each its predecessor plus a constant, and one scenario that
    /// checks the last: every output gives mutants, and each mutant checks and plays the chain.
    static func wide(_ outputs: Int) -> String {
        var text = "screen: Wide\ninputs:\n  n: { type: Int, default: 0 }\noutputs:\n"
        var sum = 0
        for i in 0..<outputs {
            text += "  o\(i): \(i == 0 ? "n" : "o\(i - 1)") + \(i % 7 + 1)\n"
            sum += i % 7 + 1
        }
        text += "scenarios:\n  - name: counts\n    steps:\n"
        for k in 0..<20 { text += "      - set: { n: \(k) }\n" }
        return text + "      - expect: { o\(outputs - 1): \(19 + sum) }\n"
    }

    @Test func exploreStopsAtTheMemoryBudget() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/big.yaml"
        let big = String(repeating: "x", count: 200_000)
        try """
            screen: Big
            inputs:
              a: event
              b: event
            state:
              text: { type: String, initial: "\(big)" }
            handlers:
              - on: a
                set: { text: text + "a" }
              - on: b
                set: { text: text + "b" }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let (result, _) = try await offThePool { try Self.run(["explore", path, "--depth", "12", "--max-memory", "16MiB"]) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("stopped: the memory budget (--max-memory 16 MiB) was reached"), "\(result.stdout)")
        #expect(result.stdout.contains("distinct states, depth reached"))
        let bad = try Self.run(["explore", path, "--max-memory", "lots"]).result
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--max-memory takes a size such as 512MB, 1GiB or a number of bytes, found 'lots'"))
    }

    @Test func exploreHelpNamesTheMemoryBudget() throws {
        let help = try Self.run(["explore", "--help"]).result.stdout
        #expect(help.contains("--max-memory"))
        #expect(!help.contains("bounds memory"))
    }

    @Test func mutateStopsAtTheTimeBudgetAndSaysWhatWasDone() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/wide.yaml"
        // Far more work than any machine does in a second (about 10,000 mutants, each playing 20
        // steps), so the budget always binds; a loaded machine only plays fewer of them.
        try Self.wide(3_000).write(toFile: path, atomically: true, encoding: .utf8)
        // Off Swift concurrency's threads: a run of many seconds on a loaded machine would hold
        // one of the two that every async test of the parallel suite shares.
        let (result, _) = try await offThePool { try Self.run(["mutate", path, "--max-seconds", "1"]) }
        #expect(result.status == 0, "\(result.stderr)")
        let stop = "stopped: the time budget (--max-seconds 1) was used up after "
        #expect(result.stdout.contains(stop), "\(result.stdout.suffix(500))")
        #expect(result.stderr.contains(stop), "\(result.stderr)")
        // Mutants not played; or, on a machine so loaded that loading the spec took the whole
        // budget, the spec not started: either way the report says what was not done.
        #expect(result.stdout.contains("not played (time budget)") || result.stdout.contains("; not started: '\(path)'"),
                "\(result.stdout.suffix(500))")
        // Piped, no progress line.
        #expect(!result.stderr.contains("\r"))
        let json = try await offThePool { try Self.run(["mutate", path, "--max-seconds", "1", "--format", "json"]).result }
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["timeBudget"] as? Double == 1)
        let notStarted = object?["specsNotStarted"] as? [String] ?? []
        #expect((object?["notPlayed"] as? Int ?? 0) > 0 || notStarted == [path], "\(json.stdout.prefix(500))")
        #expect(try Self.run(["mutate", path, "--max-seconds", "0"]).result.status == 64)
    }

    /// A `dot` that never finishes stands for a graph too large to lay out; no Graphviz needed.
    @Test func graphSvgStopsDotAtTheTimeBudgetAndCleansUp() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bin = dir + "/bin", tmp = dir + "/tmp"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        try "#!/bin/sh\nexec sleep 3600\n".write(toFile: bin + "/dot", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/dot")
        // `dot` sleeps an hour: a run that ends at all was stopped by the budget.
        let (result, _) = try Self.run(["graph", "specs/login.yaml", "--format", "svg", "--max-seconds", "1"],
                                       environment: ["PATH": bin + ":/usr/bin:/bin", "TMPDIR": tmp])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("the time budget (--max-seconds 1) was used up"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty, "a temporary folder was left behind")
        #expect(try Self.run(["graph", "specs/login.yaml", "--format", "svg", "--max-seconds", "-1"]).result.status == 64)
    }
}
