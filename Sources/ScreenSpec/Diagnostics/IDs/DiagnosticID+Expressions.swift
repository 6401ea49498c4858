/// Diagnostics of expressions: their ids and one-line summaries (docs/diagnostics.md lists them).
extension DiagnosticID {
    package static let invalidToken = DiagnosticID("invalid-token", "a character or literal the expression language does not have")
    package static let expectedSymbol = DiagnosticID("expected-symbol", "the expression needs a symbol here, such as ')'")
    package static let expectedEnd = DiagnosticID("expected-end", "text after a complete expression")
    package static let tooDeep = DiagnosticID("too-deep", "the expression nests too deeply")
    package static let chainedComparison = DiagnosticID("chained-comparison", "comparisons cannot be chained; join them with '&&'")
    package static let unknownName = DiagnosticID("unknown-name", "a name that is not declared; the nearest declared name is suggested")
    package static let noCurrentValue = DiagnosticID("no-current-value", "an event or stream has no current value for an expression to read")
    package static let typeMismatch = DiagnosticID("type-mismatch", "a value of another type than expected")
    package static let unknownFunction = DiagnosticID("unknown-function", "a function the expression language does not have")
    package static let wrongArity = DiagnosticID("wrong-arity", "a function called with the wrong number of arguments")
    package static let notCallable = DiagnosticID("not-callable", "this expression cannot be called")
    package static let unexpectedClosure = DiagnosticID("unexpected-closure", "a closure may only follow a list function")
    package static let closureArgument = DiagnosticID("closure-argument", "a closure's argument it does not have ('$1' of a list closure, '$0' where it names its parameters), or parameters named in another number or with types")
    package static let optionalMember = DiagnosticID("optional-member", "a member of an optional needs '?.' or '??'")
    package static let nilContext = DiagnosticID("nil-context", "'nil' needs an optional type from its context")
    package static let emptyListContext = DiagnosticID("empty-list-context", "'[]' needs a list type from its context")
    package static let implicitMemberContext = DiagnosticID("implicit-member-context", "'.case' needs an enum type from its context")
    package static let unknownCase = DiagnosticID("unknown-case", "an enum has no such case")
    package static let unknownField = DiagnosticID("unknown-field", "a record has no such field")
    package static let missingField = DiagnosticID("missing-field", "a record value leaves out a field that is not optional")
    package static let mixedArguments = DiagnosticID("mixed-arguments", "a record's arguments all need labels")
    package static let notARecord = DiagnosticID("not-a-record", "a type that is not a record is built or read as one")
    package static let missingStatus = DiagnosticID("missing-status", "'.http' as an Error literal needs its status")
    package static let invalidStatus = DiagnosticID("invalid-status", "an HTTP status is from 100 to 999")
    package static let noLiteral = DiagnosticID("no-literal", "a kind of error that has no literal (an evaluation failure)")
    package static let invalidColor = DiagnosticID("invalid-color", "a colour component outside 0...1, or not a colour")
    package static let invalidFormat = DiagnosticID("invalid-format", "a 'String(format:)' format it cannot read, or values that do not fit it")
    package static let failContext = DiagnosticID("fail-context", "'fail(…)' needs the type it stands for from its context")

    /// Every id of expressions, in the order of docs/diagnostics.md.
    static let expressionsIDs: [DiagnosticID] = [
        .invalidToken,
        .expectedSymbol,
        .expectedEnd,
        .tooDeep,
        .chainedComparison,
        .unknownName,
        .noCurrentValue,
        .typeMismatch,
        .unknownFunction,
        .wrongArity,
        .notCallable,
        .unexpectedClosure,
        .closureArgument,
        .optionalMember,
        .nilContext,
        .emptyListContext,
        .implicitMemberContext,
        .unknownCase,
        .unknownField,
        .missingField,
        .mixedArguments,
        .notARecord,
        .missingStatus,
        .invalidStatus,
        .noLiteral,
        .invalidColor,
        .invalidFormat,
        .failContext,
    ]
}
