import SpecRuntime

/// A scenario whose timeline has a failure (an `expect:` that does not hold, a broken invariant,
/// a runtime error): `specrun coverage` reports it and fails, and `specrun mutate` refuses the
/// spec, since a mutant is judged against timelines that pass.
package struct FailingScenario: Sendable, Equatable {
    /// The scenario's name.
    package var name: String
    /// Its first failure, as `specrun run` prints it: `0ms ✗ expected n == 2, got 1 (a.yaml:9)`.
    package var failure: String

    /// The timeline's first failure, or nil when the scenario passed.
    package init?(_ timeline: Timeline) {
        guard let first = timeline.failures.first else { return nil }
        name = timeline.scenario
        switch first {
        case .failure(let time, let message, let file, let line): failure = "\(time)ms ✗ \(message) (\(file):\(line))"
        case .runtimeError(let time, let message): failure = "\(time)ms ! runtime error: \(message)"
        default: return nil
        }
    }
}
