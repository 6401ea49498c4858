import ScreenSpec
import SpecRuntime

/// What exploration found wrong after a step: an invariant that no longer holds, or something
/// that is always a bug.
package enum FindingKind: Hashable, Sendable {
    /// Invariant index into ``CheckedSpec/invariants``.
    case invariant(Int)
    /// An expression failed while running (overflow, division by zero, a binding out of range).
    case runtimeError
    /// Action index: it is executing and nothing is scheduled that could end it.
    case stuckAction(Int)
    /// A step ran more scheduled events than the limit: a loop.
    case runaway
    /// A stream output failed and nothing handles its error.
    case unhandledError

    /// Two findings are "the same failure" when they have the same kind and subject.
    package var title: String {
        switch self {
        case .invariant: return "invariant"
        case .runtimeError: return "run-time error"
        case .stuckAction: return "action never stops executing"
        case .runaway: return "runaway"
        case .unhandledError: return "unhandled error"
        }
    }
}

/// A finding with its readable message.
package struct Finding: Sendable {
    package var kind: FindingKind
    package var message: String
}
