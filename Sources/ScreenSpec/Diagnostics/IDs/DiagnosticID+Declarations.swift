/// Diagnostics of declarations: their ids and one-line summaries (docs/diagnostics.md lists them).
extension DiagnosticID {
    package static let unknownType = DiagnosticID("unknown-type", "a type that is not declared; the nearest is suggested")
    package static let invalidType = DiagnosticID("invalid-type", "a type written wrongly, such as '[String'")
    package static let duplicateName = DiagnosticID("duplicate-name", "a name declared twice")
    package static let duplicateType = DiagnosticID("duplicate-type", "a type declared twice")
    package static let duplicateCase = DiagnosticID("duplicate-case", "an enum case listed twice")
    package static let duplicateField = DiagnosticID("duplicate-field", "a record field listed twice")
    package static let duplicateScenario = DiagnosticID("duplicate-scenario", "two scenarios with the same name")
    package static let cycle = DiagnosticID("cycle", "values computed from each other at the same instant; the help says how to break the loop, and 'specrun graph' draws it")
    package static let invalidTrigger = DiagnosticID("invalid-trigger", "a trigger must be an event or a stream")
    package static let endsAtOnce = DiagnosticID("ends-at-once", "a warning: 'takeUntil' names a value with a current value, which emits it when the stream subscribes, so the stream ends at once")
    package static let firstTickSwallowed = DiagnosticID("first-tick-swallowed", "a warning: a timer output whose 'initial:' is 0, its first element, so the first tick emits nothing")
    package static let everyWithoutClock = DiagnosticID("every-without-now", "a warning: an output with 'every:' reads no 'now' itself, so each tick computes the same value")
    package static let rowStreamReadsStart = DiagnosticID("row-stream-reads-start", "a warning: an expression in a row's stream's 'ops:' reads a row state that a handler of the row sets, as it was when the row was made")
    package static let rowWorkReadsStart = DiagnosticID("row-work-reads-start", "a warning: an expression in a row's work's 'ops:' reads a row state that a handler of the row sets, as it was when the execution started")
    package static let valueBeforeHandler = DiagnosticID("value-before-handler", "a warning: an action's 'with:', or a stream's 'withLatestFrom' or 'sample', reads a value a handler on the same event sets, as it was before")
    package static let handlersInOneTransaction = DiagnosticID("handlers-one-transaction", "a warning: two handlers of one transaction set the same name, or one reads what the other sets, from before it")
    package static let notWritable = DiagnosticID("not-writable", "a handler sets state or input properties only")
    package static let missingResult = DiagnosticID("missing-result", "a service with a result type declares no result")
    package static let invalidError = DiagnosticID("invalid-error", "a failure is 'unknown', 'decode', 'notEnabled' or 'http(STATUS)'")
    package static let unknownArgument = DiagnosticID("unknown-argument", "a service call passes an argument the service does not declare")
    package static let missingParam = DiagnosticID("missing-param", "a service call or navigation leaves out a declared parameter")
    package static let unknownParam = DiagnosticID("unknown-param", "a value for a parameter the screen does not declare")
    package static let casesWithoutParams = DiagnosticID("cases-without-params", "results chosen by argument need the service's 'params:'")
    package static let echoWithoutParams = DiagnosticID("echo-without-params", "a service that echoes an argument needs its 'params:'")
    package static let argumentsWithoutParams = DiagnosticID("arguments-without-params", "a call gives arguments to a service that declares no 'params:'")
    package static let expectedUrl = DiagnosticID("expected-url", "an 'http:' method needs a path or a full URL")
    package static let invalidUrl = DiagnosticID("invalid-url", "an 'http:' path or URL that cannot be sent: no '/' or scheme, no host, a space, an unclosed '{'")
    package static let bodyNotAllowed = DiagnosticID("body-not-allowed", "a 'get' request has no 'body:'")
    package static let envOutsideHeaders = DiagnosticID("env-outside-headers", "'env.NAME' is read only in the 'headers:' and 'query:' of 'http:'")
    package static let invalidHeader = DiagnosticID("invalid-header", "a header name holds letters, digits and '-'")
    package static let invalidTimeout = DiagnosticID("invalid-timeout", "an 'http:' timeout must be longer than 0ms")
    package static let httpReturnType = DiagnosticID("http-return-type", "an 'http:' service returns a type a JSON answer cannot be read into")
    package static let missingEnvironment = DiagnosticID("missing-environment", "a live run needs an environment variable an 'http:' section reads")
    package static let invalidScreen = DiagnosticID("invalid-screen", "a navigation to a screen whose spec has errors")
    package static let duplicateScreen = DiagnosticID("duplicate-screen", "two specs of a folder declare the same screen")
    package static let unorderedSequence = DiagnosticID("unordered-sequence", "a service sequence's events are not in time order")
    package static let eventAfterEnd = DiagnosticID("event-after-end", "a sequence sends something after it completes or fails")
    package static let retryNeedsColdSource = DiagnosticID("retry-needs-cold-source", "'retry' only inside a request's inner stream, which can be replayed")
    package static let unsupportedInnerOperator = DiagnosticID("unsupported-inner-operator", "an operator that cannot work inside a request's 'ops:'")
    package static let shareNotLast = DiagnosticID("share-not-last", "'share' says what a late observer gets, so it is an output's last operator")
    package static let invalidValue = DiagnosticID("invalid-value", "a setting takes one of a few words, such as 'failures: pass' or 'end'")
    package static let unknownScreen = DiagnosticID("unknown-screen", "a navigation to a screen no spec in the folder declares")
    package static let unknownViewModel = DiagnosticID("unknown-view-model", "'cells:' name a view model 'viewModels:' does not declare")

    /// Every id of declarations, in the order of docs/diagnostics.md.
    static let declarationsIDs: [DiagnosticID] = [
        .unknownType,
        .invalidType,
        .duplicateName,
        .duplicateType,
        .duplicateCase,
        .duplicateField,
        .duplicateScenario,
        .cycle,
        .invalidTrigger,
        .valueBeforeHandler,
        .rowWorkReadsStart,
        .rowStreamReadsStart,
        .endsAtOnce, .everyWithoutClock, .firstTickSwallowed,
        .handlersInOneTransaction,
        .notWritable,
        .missingResult,
        .invalidError,
        .unknownArgument,
        .missingParam,
        .unknownParam,
        .casesWithoutParams,
        .echoWithoutParams,
        .argumentsWithoutParams,
        .expectedUrl,
        .invalidUrl,
        .bodyNotAllowed,
        .envOutsideHeaders,
        .invalidHeader,
        .invalidTimeout,
        .httpReturnType,
        .missingEnvironment,
        .invalidScreen,
        .duplicateScreen,
        .unorderedSequence,
        .eventAfterEnd,
        .retryNeedsColdSource,
        .unsupportedInnerOperator,
        .shareNotLast,
        .invalidValue,
        .unknownScreen,
        .unknownViewModel,
    ]
}
