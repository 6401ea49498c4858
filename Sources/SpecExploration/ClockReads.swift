@_spi(Engine) import SpecProgram
import SpecRuntime

/// Whether a checked spec reads the clock: an expression anywhere in it (an output, a handler, a
/// stream's operator, a row's, an invariant) calls `now` (``TypedExpr/Builtin/now``). Found by
/// reflection over the whole program, once per digester: expressions sit in a dozen kinds of plan,
/// and a walker per kind would miss the next one added.
package enum ClockReads {
    package static func readsClock(_ spec: CheckedSpec) -> Bool {
        var pending: [Any] = [spec]
        while let value = pending.popLast() {
            if let expr = value as? TypedExpr, case .call(let builtin, _) = expr, builtin == .now { return true }
            if value is String || value is Int || value is Bool || value is Double { continue }
            for child in Mirror(reflecting: value).children { pending.append(child.value) }
        }
        return false
    }
}
