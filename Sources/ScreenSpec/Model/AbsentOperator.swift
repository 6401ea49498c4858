import SpecRuntime

/// RxSwift operators a Swift hand types that have no operator of that name here, each with what
/// to write instead (spec-language.md, "RxSwift operators that are not here"). An unknown
/// operator of this table gets its help rather than the nearest name, which for these would be
/// an operator of other semantics: `catchError` is not `catch` spelled wrong but RxSwift 5's
/// name of it, and `materialize` is nearest to no operator that does what it does.
struct AbsentOperator {
    /// The error's message.
    var message: String
    /// The help: what to write instead.
    var fixIt: String
    /// The operator of the same shape the rest of the pipeline is checked with, when one has
    /// the same element type; nil: the pipeline is checked without it.
    var checkedAs: String?

    /// The help for `name`, nil when it is not one of these (or is an operator of the catalogue).
    static func named(_ name: String) -> AbsentOperator? {
        guard !OperatorCatalog.names.contains(name) else { return nil }
        return table[name]
    }

    static let table: [String: AbsentOperator] = [
        "do": AbsentOperator(
            message: "'do' is not an operator here: a side effect is a handler",
            fixIt: "write a handler 'on:' the stream that sets state ('- on: NAME' with 'set:'); the timeline already shows every element, as a 'do(onNext:)' that prints would",
            checkedAs: nil),
        "catchError": AbsentOperator(
            message: "'catchError' is RxSwift 5's name of 'catch'",
            fixIt: "write '- catch: EXPR' (an element for the failure, '$0'), or '- catchAndReturn: VALUE' for 'catchErrorJustReturn'",
            checkedAs: nil),
        "catchErrorJustReturn": AbsentOperator(
            message: "'catchErrorJustReturn' is RxSwift 5's name of 'catchAndReturn'",
            fixIt: "write '- catchAndReturn: VALUE'",
            checkedAs: nil),
        "asDriver": AbsentOperator(
            message: "'asDriver' is not an operator here: an output already keeps a Driver's contract (a failed request travels to '<name>.errors' and the output goes on)",
            fixIt: "remove it; for 'asDriver(onErrorJustReturn: x)' write '- catchAndReturn: x', and give the output its first value with 'initial:'",
            checkedAs: nil),
        "asSignal": AbsentOperator(
            message: "'asSignal' is not an operator here: a stream output is already a Signal (no replay, a failed request travels to '<name>.errors')",
            fixIt: "remove it; for 'asSignal(onErrorJustReturn: x)' write '- catchAndReturn: x'",
            checkedAs: nil),
        "asObservable": AbsentOperator(
            message: "'asObservable' is not an operator here: every output is already observed as a stream",
            fixIt: "remove it",
            checkedAs: nil),
        "materialize": AbsentOperator(
            message: "'materialize' is not an operator here: a failed request already travels as a value, not as an end",
            fixIt: "handle the failure 'on: NAME.errors', or make it an element with '- catch: EXPR'; an action gives its 'elements', 'errors' and 'completions' as three streams",
            checkedAs: nil),
    ]
}
