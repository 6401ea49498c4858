/// Diagnostics of structure: their ids and one-line summaries (docs/diagnostics.md lists them).
extension DiagnosticID {
    package static let expectedMapping = DiagnosticID("expected-mapping", "a mapping ('key: value') was expected here")
    package static let expectedList = DiagnosticID("expected-list", "a list ('- item') was expected here")
    package static let expectedKey = DiagnosticID("expected-key", "a key must be a plain name")
    package static let expectedName = DiagnosticID("expected-name", "a name was expected here")
    package static let invalidName = DiagnosticID("invalid-name", "a name may hold only letters, digits and '_'")
    package static let expectedText = DiagnosticID("expected-text", "a mark's text (a change, an item, a reason) was expected here")
    package static let expectedType = DiagnosticID("expected-type", "a type such as 'String' or '[Repo]' was expected here")
    package static let expectedExpression = DiagnosticID("expected-expression", "an expression was expected here ('~' is nil in data; an expression writes 'nil')")
    package static let expectedDuration = DiagnosticID("expected-duration", "a duration such as '300ms' was expected here")
    package static let invalidDuration = DiagnosticID("invalid-duration", "a duration has a number and a unit: 'ms', 's', 'm' or 'h'")
    package static let expectedPath = DiagnosticID("expected-path", "'file:' needs a spec file name")
    package static let unknownKey = DiagnosticID("unknown-key", "a key this place does not take; the nearest known key is suggested")
    package static let missingKey = DiagnosticID("missing-key", "a required key is missing")
    package static let conflictingKeys = DiagnosticID("conflicting-keys", "two keys that exclude each other are both given")
    package static let invalidTypeDecl = DiagnosticID("invalid-type-decl", "a type is a record mapping or an enum list")
    package static let emptyEnum = DiagnosticID("empty-enum", "an enum needs at least one case")
    package static let eventDefault = DiagnosticID("event-default", "an event input has no value, so no default")
    package static let invalidStep = DiagnosticID("invalid-step", "a step is one key such as 'set:', 'send:', 'wait:', 'expect:' or a gesture")
    package static let unknownStep = DiagnosticID("unknown-step", "a step this language does not have")
    package static let invalidOperator = DiagnosticID("invalid-operator", "an operator is a name or one key with its argument")
    package static let unknownOperator = DiagnosticID("unknown-operator", "an operator this language does not have")
    package static let tooManyOperators = DiagnosticID("too-many-operators", "a stream output chains more than 1000 operators")
    package static let missingArgument = DiagnosticID("missing-argument", "an operator needs an argument")
    package static let invalidCount = DiagnosticID("invalid-count", "'skip' and 'take' need a count of 0 or more")
    package static let invalidComponent = DiagnosticID("invalid-component", "a component is a kind alone or one kind with its wiring")
    package static let unknownComponentKind = DiagnosticID("unknown-component-kind", "a kind of component the catalogue does not have")
    package static let unknownMember = DiagnosticID("unknown-member", "a component has no such property, event or setting")
    package static let invalidSegments = DiagnosticID("invalid-segments", "'segments:' is a count from 0 to 1000 or a list of titles")
    package static let invalidRange = DiagnosticID("invalid-range", "a control's 'minimumValue:' and 'maximumValue:' written as numbers have the minimum below the maximum; a row's control's are numbers")
    package static let missingTarget = DiagnosticID("missing-target", "a binding's 'to:' names nothing")

    /// Every id of structure, in the order of docs/diagnostics.md.
    static let structureIDs: [DiagnosticID] = [
        .expectedMapping,
        .expectedList,
        .expectedKey,
        .expectedName,
        .invalidName,
        .expectedText,
        .expectedType,
        .expectedExpression,
        .expectedDuration,
        .invalidDuration,
        .expectedPath,
        .unknownKey,
        .missingKey,
        .conflictingKeys,
        .invalidTypeDecl,
        .emptyEnum,
        .eventDefault,
        .invalidStep,
        .unknownStep,
        .invalidOperator,
        .unknownOperator,
        .tooManyOperators,
        .missingArgument,
        .invalidCount,
        .invalidComponent,
        .unknownComponentKind,
        .unknownMember,
        .invalidSegments,
        .invalidRange,
        .missingTarget,
    ]
}
