@_spi(Engine) import SpecProgram

/// A request's choice between inner streams (``InnerChoicePlan``), compiled once per pipeline:
/// its conditions, where each leads, and the arguments of each branch after the first (the
/// request's own are the first's). Per element it reads the first condition, then the one that
/// leads on, until a branch, as RxSwift's nested `? :` reads them: none after the branch is known.
struct InnerChoice {
    private let conditions: [CompiledExpr]
    private let steps: [(then: ChoiceStep, otherwise: ChoiceStep)]
    /// The arguments of branch `b`, for `b` from 1: `branchArguments[b - 1]`.
    private let branchArguments: [[CompiledExpr]]

    init(_ plan: InnerChoicePlan, instrumentation: (any ScreenInstrumentation)?) {
        conditions = plan.tests.map { ExpressionCompiler.compile($0.condition, instrumentation: instrumentation) }
        steps = plan.tests.map { ($0.then, $0.otherwise) }
        branchArguments = plan.branches.map { $0.call.arguments.map { ExpressionCompiler.compile($0, instrumentation: instrumentation) } }
    }

    /// The branch the element picks, or the error a condition failed with (a throwing selector's).
    func pick(_ env: PipelineEnvironment, _ element: [Value], operator name: String) -> Pick {
        var test = 0
        // Each step leads to a condition after its own (the validator checks it), so this ends.
        while conditions.indices.contains(test) {
            switch env.attempt(conditions[test], element, operator: name) {
            case .value(let holds):
                switch holds == .bool(true) ? steps[test].then : steps[test].otherwise {
                case .branch(let b): return .branch(b)
                case .test(let next): test = next
                }
            case .failed(let error): return .failed(error)
            }
        }
        return .branch(0)
    }

    /// What ``pick(_:_:operator:)`` found.
    enum Pick {
        case branch(Int)
        case failed(ErrorValue)
    }

    /// The arguments of branch `b` (`first`, the request's own, for branch 0).
    func arguments(ofBranch b: Int, first: [CompiledExpr]) -> [CompiledExpr] {
        b > 0 && branchArguments.indices.contains(b - 1) ? branchArguments[b - 1] : first
    }
}
