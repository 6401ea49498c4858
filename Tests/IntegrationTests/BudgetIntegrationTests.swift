import Foundation
import SpecTesting
import Testing

extension ExternalTool {
    /// util-linux's `script`, which runs a command on a terminal of its own.
    static let script = ExternalTool(name: "script", install: "apt-get install bsdutils", location: onPath(["script"]))
}

/// Issue 25, faults 10 and 12, where they need a real terminal or Graphviz.
@Suite("Budgets and labels with a terminal and Graphviz")
struct BudgetIntegrationTests {
    /// A chain of `outputs` outputs, each its predecessor plus a constant: many mutants.
    static func wide(_ outputs: Int) -> String {
        var text = "screen: Wide\ninputs:\n  n: { type: Int, default: 0 }\noutputs:\n"
        for i in 0..<outputs { text += "  o\(i): \(i == 0 ? "n" : "o\(i - 1)") + \(i % 7 + 1)\n" }
        return text + "scenarios:\n  - name: counts\n    steps:\n      - set: { n: 1 }\n"
    }

    /// On a terminal the progress line shows, and is erased before the report (piped,
    /// `BudgetTests` sees none). No budget binds here, so what is checked does not depend on how
    /// fast the machine is: the first line is drawn whatever the time (later ones at most four
    /// times a second); its text, rate and time left are `ProgressCountTests`' and the budget's
    /// stop is `BudgetTests`'.
    @Test(.requires(.script))
    func mutateShowsProgressOnATerminal() throws {
        let path = try CLI.temporarySpec(Self.wide(200), name: "wide.yaml")
        let command = "'\(try CLI.binary)' mutate '\(path)' > /dev/null"
        let result = try ExternalTool.script.run(["-qec", command, "/dev/null"], timeout: 600)
        #expect(!result.timedOut)
        #expect(result.stdout.contains("\r\u{1B}[Kmutate: spec 1 of 1: "), "\(result.stdout.prefix(300).debugDescription)")
        #expect(result.stdout.contains(" mutants"), "\(result.stdout.prefix(300).debugDescription)")
        // The line is erased before the run ends: the last thing on the terminal is the erase.
        let erased = try #require(result.stdout.range(of: "\r\u{1B}[K", options: .backwards))
        #expect(!result.stdout[erased.upperBound...].contains("mutate: spec"), "\(result.stdout.suffix(300).debugDescription)")
    }

    /// `coverage` on a terminal says how many scenarios are played, and erases the line before the report.
    @Test(.requires(.script))
    func coverageShowsProgressOnATerminal() throws {
        var text = Self.wide(200) + "  - name: counts again\n    steps:\n      - set: { n: 2 }\n"
        for k in 0..<60 { text += "  - name: counts to \(k)\n    steps:\n      - set: { n: \(k) }\n      - set: { n: \(k + 1) }\n" }
        let path = try CLI.temporarySpec(text, name: "wide.yaml")
        let result = try ExternalTool.script.run(["-qec", "'\(try CLI.binary)' coverage '\(path)'", "/dev/null"], timeout: 600)
        #expect(!result.timedOut)
        let line = "\r\u{1B}[Kcoverage: 0 of 62 scenarios"
        #expect(result.stdout.contains(line), "\(result.stdout.prefix(300).debugDescription)")
        // The line is erased before the report, which starts on a clean line.
        let erased = try #require(result.stdout.range(of: "\r\u{1B}[K", options: .backwards))
        let after = result.stdout[erased.upperBound...]
        #expect(after.contains(path) && !after.contains("scenarios/s"), "\(result.stdout.suffix(300).debugDescription)")
    }

    /// A screen name of 20,000 characters: Graphviz refused the DOT before labels were cut.
    @Test(.requires(.dot))
    func graphvizDrawsAScreenWithAVeryLongName() throws {
        let name = "Screen" + String(repeating: "x", count: 20_000)
        let path = try CLI.temporarySpec("screen: \(name)\ninputs:\n  go: event\noutputs:\n  again:\n    navigate: { to: \(name) }\n    on: go\n",
                                         name: "long.yaml")
        let result = try CLI.run(["graph", path, "--format", "svg"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr.prefix(500))")
        #expect(result.stdout.contains("<svg"))
    }
}
