import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A state saved by one driver is a plain value that another driver of the same spec restores (as
/// parallel breadth-first search does, one graph per worker): every shipped spec, along seeded
/// random paths, reaches the same digests and findings from the restored state as from the
/// original, step after step, and the start replayed gives the same digests as the steps taken.
@Suite struct ExplorationDriverStateTests {
    static let specs = SpecFinder.specs(in: [PackagePaths.root + "/specs"])

    @Test(arguments: specs)
    func aStateSavedByOneDriverContinuesInAnother(_ path: String) throws {
        let spec = try #require(SpecLoader.load(path: path).spec)
        let first = ExplorationDriver(spec: spec, maxEventsPerStep: 10_000)
        let second = ExplorationDriver(spec: spec, maxEventsPerStep: 10_000)
        let moves = first.alphabet.moves.count
        guard moves > 0 else { return }
        let choices = first.alphabet.choices
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20 {
            first.reset()
            var path: [PathStep] = []
            var digests: [UInt64] = []
            for _ in 0..<8 {
                let saved = try #require(first.save())
                let before = first.stateHash()
                let step = PathStep(move: rng.below(moves), choice: choices > 1 ? rng.below(choices) : 0)
                let found = first.apply(step)
                second.restore(try sendAcross(saved))
                #expect(second.stateHash() == before, "\(path.count) steps into \(path)")
                let foundThere = second.apply(step)
                #expect(second.stateHash() == first.stateHash(), "step \(path.count + 1) of \(path + [step])")
                #expect(foundThere?.kind == found?.kind)
                path.append(step)
                digests.append(first.stateHash())
                if found != nil { break }
            }
            // Replaying the path from the start reaches the same states.
            second.reset()
            for (k, step) in path.enumerated() {
                _ = second.apply(step)
                #expect(second.stateHash() == digests[k], "replayed step \(k + 1) of \(path)")
            }
        }
    }

    /// What a worker thread would receive: the state passed through a `Sendable` boundary.
    private func sendAcross<T: Sendable>(_ value: T) throws -> T { value }
}
