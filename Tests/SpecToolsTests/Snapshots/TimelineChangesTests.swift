import Testing
@testable import SpecRuntime
@testable import SpecTools

/// The one-line summary of what changed between a snapshot and a run, read from their line diff.
@Suite struct TimelineChangesTests {
    @Test func summaryNamesChangedOutputsAndTimes() {
        let old = """
            # spec: login.yaml
            Login › signs in
                 0ms  canLogin          false
                 0ms  ▶ send confirm
              5000ms  login.executing   false
              5000ms  login.enabled     true
            """
        let new = """
            # spec: login.yaml
            Login › signs in
                 0ms  canLogin          true
                 0ms  ▶ send confirm
              4000ms  login.executing   false
              4000ms  login.enabled     true
            """
        let diff = LineDiff(old: LineDiff.lines(old), new: LineDiff.lines(new))
        #expect(TimelineChanges.summary(of: diff)
            == "outputs changed: canLogin at 0ms; login.executing at 4000ms, 5000ms; login.enabled at 4000ms, 5000ms")
    }

    @Test func summaryNamesStepsErrorsAndHeaders() {
        let diff = LineDiff(old: ["# scenario: a", "     0ms  ▶ set n = 1", "     0ms  x                 1"],
                            new: ["# scenario: b", "     0ms  ▶ set n = 2", "    10ms  ! runtime error: boom"])
        #expect(TimelineChanges.summary(of: diff)
            == "output changed: x at 0ms; steps changed at 0ms; runtime errors changed at 10ms; header changed")
        #expect(TimelineChanges.summary(of: LineDiff(old: ["a"], new: ["a"])) == "no change")
    }

    @Test func summaryNamesEndsApartFromValues() {
        let diff = LineDiff(old: ["     0ms  out               1"],
                            new: ["     0ms  out               1", "    10ms  out               ✓ completed", "    20ms  other             ✗ error http(500)"])
        #expect(TimelineChanges.summary(of: diff) == "ends changed: out at 10ms; other at 20ms")
        let cancelled = LineDiff(old: [], new: ["   100ms  weather           ⊘ cancelled api.get(city: \"Seoul\"), subscribed at 0ms"])
        #expect(TimelineChanges.summary(of: cancelled) == "cancelled requests changed: weather at 100ms")
        let called = LineDiff(old: ["     0ms  api.get           ↗ (city: \"Seoul\")"], new: ["     0ms  api.get           ↗ (city: \"Busan\")"])
        #expect(TimelineChanges.summary(of: called) == "calls changed: api.get at 0ms")
    }
}
