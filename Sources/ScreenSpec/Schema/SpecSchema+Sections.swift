/// The top-level sections and the declarations inside them.
extension SpecSchema {
    /// One entry per section the reader accepts (``SpecReader/sections``), in the docs' order.
    static var sections: [(name: String, description: String, schema: JSONValue)] {
        [
            ("screen", "The screen's name, shown in timelines and used by navigation.", ref("name")),
            ("types", "Records ('Repo: { name: String, stars: Int? }') and enums ('Sort: [byName, byStars]'), as Swift's 'struct' and 'enum'.",
             map("Records and enums by name.", of: ref("typeDecl"))),
            ("params", "Values the screen is built with, as an 'init(parentGoal:)': name to type. Each scenario gives them under its own 'params:'.",
             map("Parameters by name.", of: ref("type"))),
            ("functions", "Helpers any expression may call, as a Swift 'func mmss(_ t: Int) -> String': parameters, a return type and a body over the parameters alone.",
             map("Functions by name.", of: ref("function"))),
            ("inputs", "What the view feeds in: 'event' (a tap), a type (a value stream such as a selected row), or '{ type, default }' (a property the view writes and reads back).",
             map("Inputs by name.", of: ref("input"))),
            ("state", "Values the view model alone writes (through handlers), as a 'BehaviorRelay': '{ type: Bool, initial: false }'.",
             map("State by name.", of: ref("state"))),
            ("outputs", "What the view observes: an expression over current values (a 'Driver'), a stream of operators ('stream:', 'ops:'), or a navigation ('navigate:', 'on:').",
             map("Outputs by name.", of: ref("output"))),
            ("actions", "Asynchronous work with enabled, executing, elements, errors and completions, like RxSwiftCommunity/Action.",
             map("Actions by name.", of: ref("action"))),
            ("handlers", "On an event, set state: '- on: loadMore.elements' with 'set: { page: page + 1 }'.",
             list("Handlers, run in order.", of: ref("handler"))),
            ("viewModels", "View models declared once and made per element of a list by 'cells:', as a table cell's view model: its parameters (the element, then its position when it reads it), inputs, state, outputs and handlers over its own names.",
             map("View models by name; the name is also the type of a row.", of: ref("viewModel"))),
            ("cells", "Rows of a view model, one per element of a list, known by the element's identity: 'cart: { viewModel: CartRow, for: items, id: id }'.",
             map("Rows by name: a list of the view model's records; '<name>.<input>' fires with a row.", of: ref("cells"))),
            ("children", "View models used by themselves, each made once with the screen, as 'let shipping = AddressFormViewModel(kind: \"Shipping\")': 'shipping: AddressForm', or '{ viewModel: AddressForm, params: { kind: \"Shipping\" } }'.",
             map("Children by name: the screen reads each as a record ('shipping.valid'); '<name>.<input>' fires with it.", of: ref("child"))),
            ("services", "Fake backends on the virtual clock: 'auth.signIn: { returns: Void, latency: 5s }'.",
             map("Services by name (dots allowed).", of: ref("service"), names: "dottedName")),
            ("view", "The screen's components and their wiring (RxCocoa's Binder, ControlProperty, ControlEvent, DelegateProxy): 'email: { textField: { text: { twoWay: email } } }'.",
             map("Components by name.", of: ref("component"))),
            ("bindings", "One source bound to component properties, as RxCocoa's 'bind(to:)', through 'map:' or 'table:'.",
             list("Bindings.", of: ref("binding"))),
            ("invariants", "Named Bool expressions that must hold after every step of every scenario and every state 'specrun explore' reaches: 'notBusyAndEnabled: !(login.executing && login.enabled)'.",
             map("Invariants by name.", of: ref("expression"))),
            ("explore", "What 'specrun explore' tries: values per input, events and actions to send, waits, service outcomes and a depth; each left out has a default.",
             ref("explore")),
            ("scenarios", "Scripted stories played on the virtual clock from a fresh screen.",
             list("Scenarios.", of: ref("scenario"))),
            ("equivalentMutants", "Mutants of 'specrun mutate' that no scenario can tell from the spec, each with the reason.",
             list("Equivalent mutants.", of: mark("change", "The change as 'specrun mutate' prints it, such as 'a >= 10 -> a > 9'.",
                                                  occurrence: "When the declaration has several mutants of this change: which one, from 1, in source order."))),
            ("unreachable", "Coverage items of 'specrun coverage' that no scenario can reach, each with the reason.",
             list("Unreachable items.", of: mark("item", "The item as 'specrun coverage' prints it after 'never'.",
                                                 occurrence: "When the declaration has several items of this text: which one, from 1, in the report's order."))),
        ]
    }

    /// `{ in: declaration, <key>: text, reason: text }`, and `occurrence: N` when it is described.
    static func mark(_ key: String, _ description: String, occurrence: String? = nil) -> JSONValue {
        object("A mark on one declaration.", [
            ("in", describe(ref("dottedName"), "The declaration it is about.")),
            (key, describe(["type": "string"], description)),
            ("reason", describe(["type": "string"], "Why it is so.")),
        ] + (occurrence.map { [("occurrence", describe(["type": "integer", "minimum": 1], $0))] } ?? []), required: ["in", key, "reason"])
    }

    static var sectionDefinitions: [(key: String, value: JSONValue)] {
        [
            (key: "typeDecl", value: choose("A record '{ field: Type }' or an enum '[caseA, caseB]'.", ["type": "array"],
                                          ["description": "An enum: its case names.", "type": "array", "items": ref("name"), "minItems": 1],
                                          map("A record: field names to types; an optional field may be left out of values.", of: ref("type")))),
            (key: "input", value: ifString("An input.",
                describe(["type": "string", "minLength": 1], "'event' for a trigger with no value (a tap, a refresh), or a type for a stream of values with no current value (a selected row)."),
                else: object("With 'default:', a property: it has a current value, the view writes it and reads it back; without, a value stream.", [
                    ("type", describe(ref("type"), "The value's type, or 'event'.")),
                    ("default", describe(ref("value"), "The property's first value.")),
                    ("secure", describe(["type": "boolean"],
                                        "'true' for text to keep off the screen's readouts (a password, a PIN; UITextField's isSecureTextEntry): a 'String' input only. The preview draws its field as dots and masks its value.")),
                ], required: ["type"]))),
            (key: "state", value: object("State: a typed value the view model alone writes.", [
                ("type", describe(ref("type"), "The value's type.")),
                ("initial", describe(ref("value"), "The first value.")),
            ], required: ["type", "initial"])),
            (key: "output", value: choose("An output.", ["type": ["string", "number", "boolean"]],
                describe(ref("expression"), "A derived output: an expression over current values, emitted at start and on change, never twice the same in a row."),
                choose("A stream, a navigation or a derived output's long form.",
                       ["type": "object", "anyOf": [["required": ["stream"]], ["required": ["interval"]], ["required": ["timer"]]]],
                    object("A stream output: a pipeline of RxSwift operators from a source: 'stream:', or a timer.", [
                        ("stream", describe(ref("dottedName"), "The source: an input, state, another output, an action's 'elements', 'errors' or 'completions'.")),
                        ("interval", describe(ref("duration"), "A timer source emitting 0, 1, 2, ... every period, as 'Observable.interval'.")),
                        ("timer", describe(ref("duration"), "A timer source emitting 0 after this due time (then every 'period:'), as 'Observable.timer'.")),
                        ("period", describe(ref("duration"), "With 'timer:', the period of the following elements.")),
                        ("ops", list("The operators, upstream first.", of: ref("operator"))),
                        ("initial", describe(ref("value"), "With a value, the output holds a current value (a 'BehaviorRelay') starting here.")),
                    ]),
                    ifHas("navigate", "A navigation or a derived output's long form.",
                        object("A navigation output: opens another screen each time 'on:' emits.", [
                            ("navigate", describe(ref("navigate"), "The screen to open and its parameters: '{ to: Folder, params: { path: $0.name } }'.")),
                            ("on", describe(ref("dottedName"), "The event or stream that opens the screen; '$0' is its element.")),
                        ], required: ["navigate", "on"]),
                        else: object("A derived output, long form.", [
                            ("value", describe(ref("expression"), "The expression.")),
                            ("every", describe(ref("duration"), "Computed again at each tick of an interval of this period from the screen's start, reading the tick's 'now'.")),
                        ], required: ["value"]))))),
            (key: "rowOutput", value: choose("An output of a row.", ["type": ["string", "number", "boolean"]],
                describe(ref("expression"), "An expression over the row's own names, each reading the ones before it."),
                ifHas("value", "A row's output, long form, or a stream of the row.",
                object("A row's output, long form.", [("value", describe(ref("expression"), "The expression."))], required: ["value"]),
                else: object("A stream of the row, each row running its own from its making, disposed when the row leaves its list: its elements are an input of the row.", [
                    ("stream", describe(ref("dottedName"), "The source: one of the row's inputs, a stream of one of its actions, a stream output above it, or 'created'.")),
                    ("interval", describe(ref("duration"), "A timer source counting from the row's making: 0, 1, 2, ... every period.")),
                    ("timer", describe(ref("duration"), "A timer source emitting 0 this long after the row is made (then every 'period:').")),
                    ("period", describe(ref("duration"), "With 'timer:', the period of the following elements.")),
                    ("ops", list("The operators, upstream first, as a request's 'ops:' takes them.", of: ref("operator"))),
                ])))),
            (key: "action", value: object("An action: asynchronous work with 'enabled', 'executing', 'elements', 'errors' and 'completions' ('()' each time the work completes).", [
                ("input", describe(ref("type"), "The type every execution takes ('Action<Input, Element>'): 'send: { action: value }' or a trigger carrying it; the work reads it as '$0'. Without it the action takes no input, like a 'CocoaAction'.")),
                ("trigger", describe(ref("dottedName"), "An event or stream that executes it.")),
                ("enabledIf", describe(ref("expression"), "A Bool expression; 'enabled' is this and not executing. Default: true.")),
                ("work", choose("What each execution runs: a service call '{ call: auth.signIn, with: { email: email } }', or a stream as a request's inner stream is "
                                + "written, with its own 'ops:' ('{ call: api.sendCode, ops: [ { retry: 3 } ] }', '{ just: EXPR }', '{ timer: 1s }', 'if:'/'then:'/'else:'); "
                                + "its elements are the action's 'elements', its error one of 'errors', its end the end of 'executing'.",
                                ["type": "object"], ref("request"), ["enum": ["empty", "never"]])),
            ], required: ["work"])),
            (key: "request", value: object("A service call: '{ call: auth.signIn, with: { email: email } }'; in a stream's request, or another inner stream: "
                                           + "'{ just: EXPR }', '{ empty }', '{ never }', '{ error: EXPR }', '{ timer: 2s }', '{ interval: 1s }', '{ timer: { seconds: EXPR } }'.", [
                ("call", describe(ref("dottedName"), "The service to call.")),
                ("just", describe(ref("expression"), "In a stream's request: the inner stream is this value, then completed, at once (RxSwift's 'just').")),
                ("empty", describe(["type": "null"], "In a stream's request: the inner stream completes at once (RxSwift's 'empty').")),
                ("never", describe(["type": "null"], "In a stream's request: the inner stream sends nothing until disposed (RxSwift's 'never').")),
                ("error", describe(ref("expression"), "In a stream's request: the inner stream is this error, at once (RxSwift's 'error').")),
                ("timer", describe(ref("innerTime"), "In a stream's request: 0 this long after the inner stream is subscribed, then completed (or every 'period:'); "
                                   + "'{ seconds: EXPR }' computes it from the element.")),
                ("period", describe(ref("innerTime"), "With 'timer:': the time between the elements after the first.")),
                ("interval", describe(ref("innerTime"), "In a stream's request: 0, 1, 2, … every period from the inner stream's subscription; "
                                      + "'{ seconds: EXPR }' computes it from the element.")),
                ("if", describe(ref("expression"), "In a stream's request: a Bool over the element that picks 'then:' or 'else:' as the inner stream.")),
                ("then", anyOf("With 'if:': the inner stream when the condition holds (one source key, 'with:' for a call, and 'ops:' of its own, "
                               + "applied to it alone before the request's), 'empty' or 'never', or a choice again ('if:', 'then:' and 'else:' alone).",
                               [ref("request"), ["enum": ["empty", "never"]]])),
                ("else", anyOf("With 'if:': the inner stream when it does not (with 'ops:' of its own, as 'then:'), 'empty' or 'never', or a choice again.", [ref("request"), ["enum": ["empty", "never"]]])),
                ("with", map("Arguments by name: expressions.", of: ref("expression"))),
                ("as", describe(ref("name"), "In a stream's request: a name by which 'with:' and 'ops:' read the element that started the call, as 'c' in RxSwift's 'flatMapLatest { c in … }'.")),
                ("ops", list("In a stream's request: operators applied to each inner stream (after a chosen branch's own); they may listen to the screen ('takeUntil: cancel').", of: ref("operator"))),
                ("failures", describe(["enum": ["pass", "end"]], "In a stream's request: 'pass' (the default) sends a failure to '<name>.errors' and goes on; 'end' ends the output, as in RxSwift.")),
            ])),
            (key: "function", value: object("A function: 'mmss: { params: { t: Int }, returns: String, body: 'String(format: \"%02d:%02d\", t / 60, t % 60)' }', called as 'mmss(elapsed)'.", [
                ("params", map("The parameters in order, name to type; a call passes them in this order, without labels.", of: ref("type"))),
                ("returns", describe(ref("type"), "The type of the body, and of a call.")),
                ("body", describe(ref("expression"), "An expression over the parameters (and other functions, without recursion); it reads nothing else of the screen.")),
            ], required: ["returns", "body"])),
            (key: "handler", value: object("A handler: on an emission, set state or input properties; all values are computed before any is written.", [
                ("on", describe(ref("dottedName"), "What it handles: an event, a value stream, an action's 'elements', 'errors' or 'completions', a stream or derived output. Its name reads the emitted value.")),
                ("if", describe(ref("expression"), "A Bool over the emitted value (its 'on:' name) and the state (a row's handler: over the row's names and its input's value), read first; when false the handler does nothing, as RxSwift's '.filter { … }.subscribe(onNext:)'.")),
                ("set", map("Targets to expressions.", of: ref("expression"), names: "dottedName")),
            ], required: ["on", "set"])),
            (key: "viewModel", value: object("A view model made for each element of a list ('cells:').", [
                ("params", map("The element a row is made for, a record, first; then, when the row reads its position, 'index: Int' (its offset in the list, from 0) and 'count: Int' (the list's count), which 'cells:' fills. A view model used by itself ('children:') has no element: its parameters are all given by the child's 'params:'.", of: ref("type"))),
                ("inputs", map("The row's inputs: 'event', a type for a value, or '{ type:, default: }' for a property with a current value (a cell view model's BehaviorRelay); a scenario sends them with 'send: { cart.remove: { row: 1 } }'.", of: ref("input"))),
                ("state", map("What the row keeps.", of: ref("state"))),
                ("outputs", map("Expressions over the row's own names, each reading the ones before it, or streams of the row.", of: ref("rowOutput"))),
                ("handlers", list("On one of the row's inputs, or a stream of one of its actions ('save.elements', 'save.errors', 'save.completions'), set the row's state.", of: ref("handler"))),
                ("actions", map("The row's own actions, each triggered by one of the row's inputs, with work over the row's names ('$0' the trigger's value): a call of a service of the screen ('work: { call:, with: }') or a stream, as a screen action's ('ops:', 'just:', a timer, a choice); 'executing' and 'enabled' are fields of the row.", of: ref("action"))),
                ("view", map("The row's components, a cell's outlets: properties bound one way to the row's names, events firing its inputs; a scenario taps one with 'tap: { cart.plusButton: { row: 1 } }'.", of: ref("component"))),
            ])),
            (key: "cells", value: object("Rows of a view model, one per element of a list.", [
                ("viewModel", describe(ref("name"), "The view model under 'viewModels:'.")),
                ("for", describe(ref("dottedName"), "The list the rows follow: a name with a current value.")),
                ("id", describe(ref("name"), "The element's field that identifies its row. Default: 'id'.")),
                ("with", map("The view model's parameters after its element and position, each an expression over the screen's names and the element, '$0'; recomputed when what it reads changes.", of: ref("expression"))),
            ], required: ["viewModel", "for"])),
            (key: "child", value: anyOf("A view model used by itself: its name, or the view model with its parameters.", [
                describe(ref("name"), "The view model under 'viewModels:', when it has no parameters."),
                object("A view model used by itself, with its parameters.", [
                    ("viewModel", describe(ref("name"), "The view model under 'viewModels:'.")),
                    ("params", map("The view model's parameters, each an expression over the screen's names; recomputed when what it reads changes.", of: ref("expression"))),
                ], required: ["viewModel"]),
            ])),
            (key: "service", value: object("A fake backend.", serviceKeys(override: false), required: ["returns"])),
            (key: "serviceOverride", value: object("A scenario's replacement of a service's behaviour: the keys of a service without 'returns:' and 'params:'.",
                                                   serviceKeys(override: true))),
            (key: "result", value: object("One call's outcome.", [
                ("value", describe(ref("value"), "The value returned.")),
                ("fail", describe(ref("serviceFailure"), "The failure.")),
                ("sequence", describe(ref("value"), "A sequence of events over time instead of one value.")),
                ("echo", describe(ref("name"), "Answers the call's argument of this parameter, as 'Observable.just(input)'.")),
                ("latency", describe(ref("duration"), "This call's latency.")),
            ])),
            (key: "case", value: object("A result for calls whose arguments match 'when:'; the first match wins.", [
                ("when", map("Argument values this case matches.", of: ref("value"))),
                ("value", describe(ref("value"), "The value returned.")),
                ("fail", describe(ref("serviceFailure"), "The failure.")),
                ("sequence", describe(ref("value"), "A sequence of events over time instead of one value.")),
                ("echo", describe(ref("name"), "Answers the call's argument of this parameter, as 'Observable.just(input)'.")),
                ("latency", describe(ref("duration"), "This case's latency.")),
            ], required: ["when"])),
            (key: "explore", value: object("What 'specrun explore' tries at each step; every key is optional.", [
                ("inputs", map("Per property or value input, the values to try (1 to 64, typed like the input). Default: the values the scenarios use.",
                               of: list("Values to try.", of: ref("value")))),
                ("events", list("Input events and actions to send (1 to 64). Default: every event input and every action without a trigger.", of: ref("dottedName"))),
                ("waits", list("Waits to take between steps (1 to 64). Default: the spec's latencies, operator times and scenario waits.", of: ref("duration"))),
                ("services", map("Per service, the outcomes to choose among at each call (1 to 64).", of: list("Outcomes.", of: ref("exploreOutcome")),
                                 names: "dottedName")),
                ("depth", describe(["type": "integer", "minimum": 1, "maximum": 1000], "How many steps deep to search; '--depth' overrides it.")),
                ("gestures", describe(["enum": [true, false, "only"]],
                                      "Whether the gestures the scenarios make are tried: true, false, or only (no input set, event sent or action executed directly). Default: when neither 'inputs' nor 'events' is listed.")),
            ])),
            (key: "exploreOutcome", value: object("One outcome of a service call: a value, a failure, or only a latency (the declared answer, later or sooner).", [
                ("value", describe(ref("value"), "The value returned.")),
                ("fail", describe(ref("serviceFailure"), "The failure.")),
                ("latency", describe(ref("duration"), "The call's latency.")),
            ])),
            (key: "serviceFailure", value: anyOf("A service's failure: one of 'failure', or an HTTP failure with the body its 'errorBody:' type reads.", [
                ref("failure"),
                object("An HTTP failure with a response body.", [
                    ("http", describe(["type": "integer", "minimum": 100, "maximum": 999], "The status.")),
                    ("body", describe(ref("value"), "The body, a value of the type the service's 'errorBody:' gives for the status.")),
                ], required: ["http"]),
            ])),
            (key: "http", value: http),
            (key: "httpBody", value: anyOf("A JSON value: a mapping is an object, a list an array, a scalar an expression over the params.", [
                map("A JSON object: keys to values.", of: ref("httpBody"), names: "httpKey"),
                ["type": "array", "items": ref("httpBody")],
                ref("expression"),
            ])),
            (key: "httpKey", value: ["description": "A JSON key, a query name or a header name.", "type": "string", "minLength": 1]),
            (key: "navigate", value: object("Opens another screen, found by its 'screen:' among the specs of the same folder.", [
                ("to", describe(ref("name"), "The screen to open.")),
                ("params", map("The opened screen's parameters: expressions, '$0' the element.", of: ref("expression"))),
                ("file", describe(["type": "string", "minLength": 1], "The spec file to open, relative to this one.")),
            ], required: ["to"])),
        ]
    }

    /// A service's `http:` section: exactly one method key.
    private static var http: JSONValue {
        let target = describe(["type": "string", "pattern": "^(/|[hH][tT][tT][pP][sS]?://)"],
                              "A path such as '/items/{id}' (it follows the base URL given at run time) or a full URL; '{param}' is replaced by that parameter's value.")
        let methods = ["get", "post", "put", "patch", "delete"]
        var properties: [(String, JSONValue)] = methods.map { ($0, describe(target, "The \($0.uppercased()) request's path or URL.")) }
        properties += [
            ("body", describe(ref("httpBody"), "The JSON body built from the params (not for 'get'); 'env.NAME' is not readable here.")),
            ("query", map("Query items: names to expressions over the params and 'env.NAME'; nil leaves an item out, a list repeats it.", of: ref("expression"), names: "httpKey")),
            ("headers", map("Headers: names to text with '\\( )' interpolations of the params and 'env.NAME', as in 'Bearer \\(env.TOKEN)'.", of: ["type": "string"], names: "httpKey")),
            ("timeout", describe(ref("duration"), "From the call to the last byte of the answer; default 30s.")),
        ]
        var schema = object("How the real backend is called: one method key with its path or URL.", properties)
        if case .object(var pairs) = schema {
            pairs.append((key: "oneOf", value: .array(methods.map { ["required": [.string($0)]] })))
            schema = .object(pairs)
        }
        return schema
    }

    private static func serviceKeys(override: Bool) -> [(String, JSONValue)] {
        var keys: [(String, JSONValue)] = []
        if !override { keys.append(("returns", describe(ref("type"), "The result type; 'Void' needs no result."))) }
        keys += [
            ("latency", describe(ref("duration"), "Virtual time per call.")),
            ("result", describe(ref("value"), "The value of every call.")),
            ("results", list("One entry per successive call, the last repeating.", of: ref("result"))),
            ("fails", describe(ref("serviceFailure"), "Every call fails with this.")),
            ("sequence", describe(ref("value"), "Every call answers with a sequence of events over time (elements, then an end) instead of one value.")),
            ("echo", describe(ref("name"), "Every call answers its argument of this parameter (declared in 'params:', of the 'returns:' type), as 'Action { input in .just(input) }'.")),
        ]
        if !override {
            keys.append(("params", map("Parameters every call must pass in 'with:': name to type.", of: ref("type"))))
            keys.append(("timeout", describe(ref("duration"), "How long a live provider (a closure, HTTP) may take before the call fails with 'unknown'; the fake ignores it.")))
        }
        keys.append(("cases", list("Results chosen by the call's arguments.", of: ref("case"))))
        if override {
            keys.append(("replace", describe(["type": "boolean"], "true: these 'cases:' replace all of the spec's on purpose, so the spec's cases they leave out are not reported ('dropped-cases').")))
        }
        if !override {
            keys.append(("errorBody", anyOf("The record type an HTTP failure's JSON body decodes to, read as 'error.body(Type)': one type for every status, or statuses to types.", [
                ref("type"),
                ["type": "object", "propertyNames": ["pattern": "^[4-9][0-9]{2}$"], "additionalProperties": ref("type"), "minProperties": 1],
            ])))
        }
        if !override { keys.append(("http", describe(ref("http"), "How the real backend is called ('specrun run --live'): a method with a path or URL, and optionally 'body:', 'query:', 'headers:', 'timeout:'."))) }
        return keys
    }
}
