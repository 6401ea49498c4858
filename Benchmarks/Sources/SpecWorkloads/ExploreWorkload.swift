import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// `specrun explore` on `specs/login.yaml` (issue 15): seeded random walks, and breadth-first
/// search over a wider set of inputs than the spec's own `explore:` (whose 144 states are all
/// reached by depth 6), so that there are states enough to measure a rate.
public enum ExploreWorkload {
    /// login.yaml with `explore:` trying `values` emails and `values` passwords (half of each too
    /// short to sign in, all at most 15 UTF-8 bytes) and waits of 0, 1 s, 2 s and 5 s.
    ///
    /// The `explore:` section is added to the spec's text before it is checked: a checked spec
    /// is opaque outside the package.
    public static func wideLogin(values: Int) -> CheckedSpec {
        guard let text = try? String(contentsOfFile: RepositoryPaths.loginSpec, encoding: .utf8), !text.contains("\nexplore:") else {
            preconditionFailure("specs/login.yaml cannot be read, or has an 'explore:' of its own")
        }
        func quoted(_ strings: [String]) -> String { "[" + strings.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        let emails = [""] + (0..<values).map { $0.isMultiple(of: 2) ? "u\($0)@x.co" : "user\($0)@ex.com" }
        let passwords = [""] + (0..<values).map { $0.isMultiple(of: 2) ? "p\($0)" : "pass\($0)" }
        let explore = """

            explore:
              inputs:
                email: \(quoted(emails))
                password: \(quoted(passwords))
              events: [confirm]
              waits: [0ms, 1s, 2s, 5s]

            """
        return Specs.load(text: text + explore, path: RepositoryPaths.loginSpec)
    }

    /// Every spec in `specs/`, by file name, checked.
    public static func shipped() -> [(String, CheckedSpec)] {
        let directory = RepositoryPaths.root + "/specs"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
        return names.map { ($0, Specs.load(path: directory + "/" + $0)) }
    }

    /// Random walks of depth 20 until `steps` steps: returns the steps taken (must be `steps`).
    public static func random(_ spec: CheckedSpec, steps: Int, seed: UInt64 = 1) -> ExploreResult {
        var options = ExploreOptions()
        options.strategy = .random
        options.depth = 20
        options.seed = seed
        options.maxSteps = steps
        options.maxSeconds = 3_600
        return Explorer.explore(spec, options: options)
    }

    /// Breadth-first to `depth` or `states` distinct states, whichever comes first.
    public static func breadthFirst(_ spec: CheckedSpec, depth: Int, states: Int) -> ExploreResult {
        var options = ExploreOptions()
        options.depth = depth
        options.maxStates = states
        options.maxSteps = Int.max
        options.maxSeconds = 3_600
        return Explorer.explore(spec, options: options)
    }
}
