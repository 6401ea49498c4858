import Foundation
import ScreenSpec
import SpecRuntime

/// The language's constructs as its catalogues list them — every operator, builtin, component
/// kind, stream source kind, kind of a request's inner stream and unit of an inner timer's
/// computed time — and which of them a checked
/// program uses, read from the program's compiled JSON (so a construct used anywhere in it counts:
/// a step, a handler, a request's own `ops:`, an HTTP body).
enum ProgramConstructs {
    /// Every construct of the catalogues, as `operator map`, `builtin minInt`, `component slider`,
    /// `source interval`. A new catalogue entry appears here by itself.
    static var all: [String] {
        OperatorCatalog.all.map { "operator \($0.name)" }
            // `Int(n)` of an Int and `Double(x)` of a Double are checked to their argument: no
            // program holds a call of `identity`, so there is nothing of it to round-trip.
            + BuiltinCatalog.all.filter { $0.builtin != .identity }.map { "builtin \($0.builtin.id)" }
            + ComponentCatalog.names.map { "component \($0)" }
            + StreamSourceKind.allCases.map { "source \($0.rawValue)" }
            + InnerSourcePlan.kinds.map { "inner \($0)" }
            + ComputedDuration.units.map { "inner time in \($0.name)" }
            // A choice inside a choice's branch, flattened into one choice of the program.
            + ["inner nested choice"]
    }

    /// The constructs `spec` uses.
    static func used(by spec: CheckedSpec) throws -> Set<String> {
        let json = try CompiledSpec.json(spec)
        let root = try JSONSerialization.jsonObject(with: Data(json.utf8))
        var out: Set<String> = []
        walk(root, key: nil, into: &out)
        for component in spec.components { out.insert("component \(component.kind)") }
        for stream in spec.streams {
            switch stream.timer {
            // `interval: d` is a timer whose period is its due time.
            case .some(let t) where t.period == t.dueTime: out.insert("source interval")
            case .some: out.insert("source timer")
            case .none: out.insert("source stream")
            }
            if stream.operators.contains(where: { $0.name == "navigate" }) { out.insert("source navigate") }
            for request in stream.operators.compactMap(\.arguments.request) {
                out.insert("inner \(request.source.kind)")
                for branch in request.choice?.branches ?? [] { out.insert("inner \(branch.source.kind)") }
                if let choice = request.choice, choice.tests.count > 1 { out.insert("inner nested choice") }
                // A timer's time computed per element (`{ timer: { seconds: $0 } }`), by its unit.
                for b in 0..<request.branchCount {
                    guard case .timer(let t) = request.branch(b).source, let computed = t.computed else { continue }
                    for d in [computed.dueTime, computed.period].compactMap(\.self) {
                        if let unit = ComputedDuration.units.first(where: { $0.milliseconds == d.unit }) { out.insert("inner time in \(unit.name)") }
                    }
                }
            }
        }
        return out
    }

    private static func walk(_ json: Any, key: String?, into out: inout Set<String>) {
        if let array = json as? [Any] {
            for element in array {
                // An element of an operator list is an operator plan: its `name` is the operator's.
                if key == "operators" || key == "inner", let op = element as? [String: Any], let name = op["name"] as? String {
                    out.insert("operator \(name)")
                }
                walk(element, key: key, into: &out)
            }
        } else if let object = json as? [String: Any] {
            // `.call(builtin, arguments)`: {"call": {"_0": {"minInt": {}}, "_1": [...]}}, the
            // builtin written as the enum case it was before the catalogue.
            if let call = object["call"] as? [String: Any], let builtin = call["_0"] as? [String: Any], builtin.count == 1, let id = builtin.keys.first {
                out.insert("builtin \(id)")
            }
            for (k, value) in object { walk(value, key: k, into: &out) }
        }
    }
}
