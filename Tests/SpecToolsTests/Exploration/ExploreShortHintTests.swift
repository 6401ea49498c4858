@testable import SpecTools
import Testing

/// A breadth-first search that a budget stopped short of its depth says that a longer race may
/// be beyond it and that a random walk may reach it (a ninth first user's T12: their 4-step race
/// was found by `random` in 16 ms after `bfs` ran out of time at depth 5).
@Suite("Exploration's note on a search stopped short")
struct ExploreShortHintTests {
    func result(_ stop: ExploreResult.Stop, reached: Int, strategy: ExploreOptions.Strategy = .bfs) -> ExploreResult {
        var r = ExploreResult(strategy: strategy, seed: 0, depthLimit: 8)
        r.stop = stop
        r.depthReached = reached
        return r
    }

    @Test func aBudgetShortOfTheDepthSuggestsARandomWalk() {
        let text = ExploreReport.summary(result(.maxSeconds, reached: 5))
        #expect(text.contains("note: breadth-first reached depth 5 of 8; a race that needs more steps may be beyond it: try '--strategy random --depth 20'"), "\(text)")
    }

    @Test(arguments: [ExploreResult.Stop.exhausted, .depth])
    func aFinishedSearchSaysNothingMore(_ stop: ExploreResult.Stop) {
        #expect(!ExploreReport.summary(result(stop, reached: 8)).contains("note:"))
    }

    @Test func aRandomWalkSaysNothingMore() {
        #expect(!ExploreReport.summary(result(.maxSeconds, reached: 5, strategy: .random)).contains("note:"))
    }
}
