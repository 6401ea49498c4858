import Foundation
import SpecRuntime

/// A contract's members resolved against the spec's program: which node or action each one is,
/// how it is driven or read, and which outputs are compared.
struct ContractBinding<Model> {
    /// An output compared between the spec and the view model.
    struct Output {
        var name: String
        var node: Int
        /// Read after every step and at every instant (nil when pushed).
        var read: (@MainActor @Sendable (Model) -> (any Encodable)?)?
        /// Subscribed once (nil when read).
        var subscribe: (@MainActor @Sendable (Model, @escaping @MainActor @Sendable (any Encodable) -> Void) -> Void)?
        /// Whether the spec's node has a current value (an output, state, an action's flags),
        /// rather than being a stream whose latest element is read.
        var hasCurrentValue: Bool
    }

    let spec: CheckedSpec
    let program: ScreenProgram
    /// Inputs by node: written or sent with a value.
    var inputs: [Int: @MainActor @Sendable (Model, Value) throws -> Void] = [:]
    /// Event inputs by node.
    var events: [Int: @MainActor @Sendable (Model) -> Void] = [:]
    /// Actions by index.
    var actions: [Int: @MainActor @Sendable (Model, Value) throws -> Void] = [:]
    /// The inputs of rows (`cart.remove`) by the node of their stream, given a row's identity
    /// and the value.
    var rows: [Int: @MainActor @Sendable (Model, Value, Value) throws -> Void] = [:]
    var outputs: [Output] = []

    init(_ contract: ScreenContract<Model>) throws(ConformanceError) {
        do {
            spec = try CompiledSpec.load(json: Data(contract.program.utf8))
        } catch {
            throw ConformanceError("the contract's program does not load: \(error)")
        }
        program = ScreenProgram(spec)
        for (name, member) in contract.members {
            if case .action(let execute) = member {
                guard let action = spec.actionIndex(named: name) else {
                    throw ConformanceError("the contract names the action '\(name)', which the spec does not have (it has \(spec.actions.map(\.name).joined(separator: ", ")))")
                }
                actions[action] = execute
                continue
            }
            if case .row(let send) = member {
                let inputs = spec.cells.flatMap { plan in plan.inputs.map { (plan.name + "." + $0.name, $0.node) } }
                guard let input = inputs.first(where: { $0.0 == name }) else {
                    let known = inputs.isEmpty ? "it has no rows with inputs" : "it has \(inputs.map(\.0).joined(separator: ", "))"
                    throw ConformanceError("the contract names the input of a row '\(name)', which the spec does not have (\(known))")
                }
                rows[input.1] = send
                continue
            }
            guard let node = spec.node(named: name) else {
                throw ConformanceError("the contract names '\(name)', which the spec does not have")
            }
            let hasValue = spec.nodes[node].hasCurrentValue
            switch member {
            case .input(let set): inputs[node] = set
            case .event(let fire): events[node] = fire
            case .output(let read): outputs.append(Output(name: name, node: node, read: read, hasCurrentValue: hasValue))
            case .stream(let subscribe): outputs.append(Output(name: name, node: node, subscribe: subscribe, hasCurrentValue: hasValue))
            case .action, .row: break
            }
        }
    }

    /// The spec value of what the view model gives for `output` (nil: no element yet).
    func value(of output: Output, _ given: (any Encodable)?) -> Result<Value?, ConformanceError> {
        let node = spec.nodes[output.node]
        guard let given else { return .success(output.hasCurrentValue ? Value.none : nil) }
        do {
            return .success(try TypedScreenCore.encode(given, as: node.type, of: output.name, spec.types))
        } catch {
            return .failure(ConformanceError("the view model's '\(output.name)' is not a '\(node.type)': \(error)"))
        }
    }
}

/// A mistake in the test rather than a divergence: a contract that names what the spec does not
/// have, a value that does not fit its type, a view model that calls an unknown service.
public struct ConformanceError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, in a sentence.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
