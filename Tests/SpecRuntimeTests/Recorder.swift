import ScreenSpec
@testable import SpecRuntime
@testable import SpecTools
import Testing

/// A graph over a spec written inline, recording each visible node's emissions as (time, value).
final class Recorder {
    let spec: CheckedSpec
    let graph: ScreenGraph
    private(set) var emissions: [(time: Int, name: String, value: Value)] = []
    private(set) var errors: [(time: Int, message: String)] = []

    init(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        spec = try #require(loaded.spec, sourceLocation: sourceLocation)
        graph = ScreenGraph(spec: spec)
        let names = spec.nodes.map(\.name)
        graph.onEmit = { [unowned self] in emissions.append(($0.time, names[$0.node], $0.value)) }
        graph.onRuntimeError = { [unowned self] in errors.append(($0, $1)) }
        graph.start()
    }

    func node(_ name: String) -> Int { spec.node(named: name)! }

    func set(_ name: String, _ value: Value) { graph.set(node(name), to: value) }

    func send(_ name: String, _ value: Value = .void) { graph.send(node(name), value) }

    func wait(_ ms: Int) throws { try graph.advance(by: ms) }

    /// The (time, value) pairs one node emitted.
    func recorded(_ name: String) -> [Pair] { emissions.filter { $0.name == name }.map { Pair($0.time, $0.value) } }

    /// Every emission, in order, as "time name value".
    var log: [String] { emissions.map { "\($0.time) \($0.name) \($0.value)" } }
}

struct Pair: Equatable, CustomStringConvertible {
    var time: Int
    var value: Value
    init(_ time: Int, _ value: Value) {
        self.time = time
        self.value = value
    }
    var description: String { "(\(time), \(value))" }
}
