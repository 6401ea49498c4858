import SpecTesting
import Testing

/// `specrun check`'s last line on standard output counts what it printed on standard error: a
/// spec with warnings is valid, and its summary says how many warnings there were (an eighth
/// first user read "no errors" alone and missed them).
@Suite struct CheckSummaryTests {
    static let twoHandlers = """
        screen: TwoHandlers
        inputs:
          tap: event
        state:
          n: { type: Int, initial: 0 }
          m: { type: Int, initial: 0 }
        handlers:
          - on: tap
            set: { n: n + 1 }
          - on: tap
            set: { m: n }
        """

    @Test func theSummaryCountsWarnings() throws {
        let cli = try Workspace()
        let one = try cli.run(["check", "-"], input: Self.twoHandlers)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stderr.contains("warning: the handler on 'tap' reads 'n'"), "\(one.stderr)")
        #expect(one.stdout == "1 spec checked, no errors, 1 warning\n")

        try cli.write("more/a.yaml", Self.twoHandlers)
        try cli.write("more/b.yaml", Self.twoHandlers.replacingOccurrences(of: "TwoHandlers", with: "Again"))
        try cli.write("more/c.yaml", Fixtures.tiny)
        let three = try cli.run(["check", "more"])
        #expect(three.status == 0, "\(three.stderr)")
        #expect(three.stdout == "3 specs checked, no errors, 2 warnings\n")

        // Without a warning, the summary is as it was.
        #expect(try cli.run(["check", "more/c.yaml"]).stdout == "1 spec checked, no errors\n")
    }
}
