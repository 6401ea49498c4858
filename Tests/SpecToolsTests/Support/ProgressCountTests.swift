@testable import SpecTools
import Testing

/// The progress line of `mutate` and `coverage`: done of all, rate, time spent, time left.
@Suite("Progress count")
struct ProgressCountTests {
    @Test func countsRateAndTimeLeft() {
        #expect(ProgressCount(done: 120, total: 4_000, seconds: 4).text("mutants")
            == "120 of 4,000 mutants, 30 mutants/s, 4.0 s, about 2 min 10 s left")
        #expect(ProgressCount(done: 3, total: 10, seconds: 2).text("scenarios")
            == "3 of 10 scenarios, 1.5 scenarios/s, 2.0 s, about 5 s left")
        #expect(ProgressCount(done: 10, total: 10, seconds: 2).text("scenarios") == "10 of 10 scenarios, 5.0 scenarios/s, 2.0 s")
    }

    @Test func nothingDoneSaysNoRate() {
        #expect(ProgressCount(done: 0, total: 1_500, seconds: 0.25).text("mutants") == "0 of 1,500 mutants, 0.3 s")
        #expect(ProgressCount(done: 5, total: 9, seconds: 0).text("mutants") == "5 of 9 mutants, 0.0 s")
    }

    @Test func timeLeftIsCoarse() {
        #expect(ProgressCount.duration(0.2) == "1 s")
        #expect(ProgressCount.duration(59) == "59 s")
        #expect(ProgressCount.duration(185) == "3 min 5 s")
        #expect(ProgressCount.duration(7_500) == "2 h 5 min")
        #expect(ProgressCount.duration(.infinity) == "277777 h 46 min")
    }

    @Test func mutationProgressNamesTheSpec() {
        let p = MutationProgress(spec: 1, specs: 3, done: 50, mutants: 100, seconds: 12, specStarted: 2)
        #expect(p.line == "spec 2 of 3: 50 of 100 mutants, 5.0 mutants/s, 10.0 s, about 10 s left")
    }
}
