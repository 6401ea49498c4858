import ScreenSpec
import SpecRuntime

/// Which scenarios can notice a mutant at all: a scenario whose `services:` override gives the
/// changed service its own results (or latency) never sees the declared ones the mutant changed,
/// so it is not among those that "should have caught" it.
extension Mutant {
    /// Whether `scenario`'s overrides replace what this mutant changes in a declared service.
    func isOverridden(in scenario: ScenarioDecl) -> Bool {
        guard let override = scenario.services.first(where: { $0.name.value == declaration }) else { return false }
        switch edit {
        case .serviceLatency:
            return override.latency != nil
        case .addResult:
            return !override.results.isEmpty
        case .replaceResult(_, _, let inCase, _), .resultLatency(_, _, let inCase, _):
            // A case's result goes with the cases, which explicit results replace too.
            return !override.results.isEmpty || (inCase >= 0 && !override.cases.isEmpty)
        default:
            return false
        }
    }
}
