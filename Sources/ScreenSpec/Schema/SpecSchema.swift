import SpecRuntime

/// The JSON Schema (draft 2020-12) of spec files, for editors that use yaml-language-server
/// (completion, hover, validation) and for CI validators. `specrun schema` prints it and
/// `schema/spec.schema.json` ships it.
///
/// It is built from small pieces, one per section, step, operator and component kind, so adding
/// syntax is one entry in one list: ``sections``, ``steps``, ``operators`` (SpecSchema+Streams.swift),
/// or a kind in ``ComponentCatalog``, from which every component's schema is derived.
/// `SchemaTests` cross-check these lists against the reader's.
package enum SpecSchema {
    /// The schema document.
    package static var document: JSONValue {
        var defs: [(key: String, value: JSONValue)] = commonDefinitions
        defs += sectionDefinitions
        defs += scenarioDefinitions
        defs += streamDefinitions
        defs += viewDefinitions
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "urn:specrun:spec.schema.json",
            "title": "specrun screen spec",
            "description": "A screen's view model as data: inputs, state, outputs, actions, fake services, view bindings and scripted scenarios. See docs/spec-language.md.",
            "type": "object",
            "required": ["screen"],
            "additionalProperties": false,
            "properties": .object(sections.map { (key: $0.name, value: describe($0.schema, $0.description)) }),
            "$defs": .object(addingSnippets(defs)),
        ]
    }

    /// The schema as printed: two-space indentation, keys in a fixed order.
    package static var text: String { document.pretty }

    // MARK: building blocks

    /// `{"$ref": "#/$defs/name"}`.
    static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/$defs/\(name)")] }

    /// Adds a description (hover text in editors) to a schema.
    static func describe(_ schema: JSONValue, _ description: String) -> JSONValue {
        guard case .object(var pairs) = schema else { return schema }
        pairs.removeAll { $0.key == "description" }
        pairs.insert((key: "description", value: .string(description)), at: 0)
        return .object(pairs)
    }

    /// A mapping with exactly these keys allowed.
    static func object(_ description: String, _ properties: [(String, JSONValue)], required: [String] = []) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            (key: "description", value: .string(description)),
            (key: "type", value: "object"),
        ]
        if !required.isEmpty { pairs.append((key: "required", value: .array(required.map { .string($0) }))) }
        pairs.append((key: "properties", value: .object(properties.map { (key: $0.0, value: $0.1) })))
        pairs.append((key: "additionalProperties", value: false))
        return .object(pairs)
    }

    /// A mapping from names (matching `pattern`) to values of one schema.
    static func map(_ description: String, of value: JSONValue, names: String = "name") -> JSONValue {
        [
            "description": .string(description),
            "type": "object",
            "propertyNames": ref(names),
            "additionalProperties": value,
        ]
    }

    /// A list of values of one schema; `null` (an empty section) is allowed as the reader allows it.
    static func list(_ description: String, of item: JSONValue) -> JSONValue {
        ["description": .string(description), "type": ["array", "null"], "items": item]
    }

    static func anyOf(_ description: String, _ schemas: [JSONValue]) -> JSONValue {
        ["description": .string(description), "anyOf": .array(schemas)]
    }

    /// `whenString` for a string, `otherwise` for anything else: unlike `anyOf`, a validator
    /// then reports the one error that matters ('debounse' is not an operator), not every branch's.
    static func ifString(_ description: String, _ whenString: JSONValue, else otherwise: JSONValue) -> JSONValue {
        choose(description, ["type": "string"], whenString, otherwise)
    }

    /// `then` for a mapping holding `key`, `otherwise` for anything else.
    static func ifHas(_ key: String, _ description: String, _ then: JSONValue, else otherwise: JSONValue) -> JSONValue {
        choose(description, ["type": "object", "required": [.string(key)]], then, otherwise)
    }

    /// JSON Schema's `if`/`then`/`else`.
    static func choose(_ description: String, _ condition: JSONValue, _ then: JSONValue, _ otherwise: JSONValue) -> JSONValue {
        ["description": .string(description), "if": condition, "then": then, "else": otherwise]
    }

    /// A one-key mapping whose key is one of `choices` (a step, an operator): completion offers
    /// every key, and an unknown one is an error.
    static func oneKey(_ description: String, _ choices: [(name: String, description: String, schema: JSONValue)]) -> JSONValue {
        [
            "description": .string(description),
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "properties": .object(choices.map { (key: $0.name, value: describe($0.schema, $0.description)) }),
            "additionalProperties": false,
        ]
    }

    /// yaml-language-server's `defaultSnippets` (an annotation other validators ignore): what an
    /// editor offers to insert at this place, `${1:name}` being the fields to fill in.
    static func withSnippets(_ schema: JSONValue, _ snippets: [(label: String, description: String, body: JSONValue)]) -> JSONValue {
        guard case .object(var pairs) = schema else { return schema }
        pairs.append((key: "defaultSnippets", value: .array(snippets.map {
            ["label": .string($0.label), "description": .string($0.description), "body": $0.body]
        })))
        return .object(pairs)
    }

    /// Adds snippets to the definitions that have some (see ``snippets``).
    static func addingSnippets(_ defs: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
        defs.map { def in (key: def.key, value: snippets[def.key].map { withSnippets(def.value, $0) } ?? def.value) }
    }

    /// Skeletons an editor offers, by definition.
    static let snippets: [String: [(label: String, description: String, body: JSONValue)]] = [
        "input": [
            ("property", "a property the view writes and reads back", ["type": "${1:String}", "default": "${2:\"\"}"]),
            ("event", "a trigger with no value", "event"),
        ],
        "state": [("state", "a value the view model alone writes", ["type": "${1:Bool}", "initial": "${2:false}"])],
        "action": [("action", "asynchronous work", ["trigger": "${1:tap}", "enabledIf": "${2:true}", "work": ["call": "${3:api.call}"]])],
        "service": [("service", "a fake backend", ["returns": "${1:Void}", "latency": "${2:300ms}"])],
        "handler": [("handler", "on an emission, set state", ["on": "${1:event}", "set": ["${2:state}": "${3:value}"]])],
        "scenario": [("scenario", "a scripted story", ["name": "${1:does something}", "steps": [["set": ["${2:input}": "${3:value}"]], ["expect": ["${4:output}": "${5:value}"]]]])],
        "binding": [("binding", "a source bound to component properties", ["bind": "${1:source}", "to": "${2:label.text}"])],
    ]

    // MARK: shared definitions

    /// Letters, digits and `_`, not starting with a digit (the reader accepts Unicode letters too).
    static let namePattern = "^[A-Za-z_\\u00C0-\\uFFFF][A-Za-z0-9_\\u00C0-\\uFFFF]*$"
    /// Names joined by dots: `login.executing`, `auth.signIn`.
    static let dottedNamePattern = "^[A-Za-z_\\u00C0-\\uFFFF][A-Za-z0-9_\\u00C0-\\uFFFF]*(\\.[A-Za-z_\\u00C0-\\uFFFF][A-Za-z0-9_\\u00C0-\\uFFFF]*)*$"
    /// What ``DurationParser`` accepts: a non-negative number and a unit.
    static let durationPattern = "^\\s*([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?\\s*(ms|s|m|h)\\s*$"
    /// What ``ValueReader/readError`` accepts.
    static let failurePattern = "^\\s*\\.?(unknown|decode|notEnabled|http\\([1-9][0-9]{2}\\))\\s*$"

    static var commonDefinitions: [(key: String, value: JSONValue)] {
        [
            (key: "name", value: [
                "description": "A name: letters, digits and '_', not starting with a digit.",
                "type": "string", "pattern": .string(namePattern),
            ]),
            (key: "dottedName", value: [
                "description": "A name, or names joined by dots such as 'login.executing' or 'auth.signIn'.",
                "type": "string", "pattern": .string(dottedNamePattern),
            ]),
            (key: "names", value: ifString("A name, or a list of names.", ref("dottedName"), else: ["type": "array", "items": ref("dottedName"), "minItems": 1])),
            (key: "type", value: [
                "description": "A type: Bool, Int, Double, String, Void, Color, Error, a record or enum of 'types:', 'T?' for an optional, '[T]' for a list (quote it: \"[Repo]\").",
                "type": "string", "minLength": 1,
            ]),
            (key: "expression", value: [
                "description": "A Swift-like expression, type-checked before anything runs: names, literals, '+ - * / %', comparisons, '&& || !', 'c ? a : b' (quote it), '??', '\"\\(x)\"' interpolation, '.count', '.map { $0.name }'. An expression starting with '!' or containing ': ' must be quoted; a string literal needs its own quotes inside YAML's: '\"Hello\"'.",
                "type": ["string", "number", "boolean"],
            ]),
            (key: "value", value: [
                "description": "A value in data: a scalar, a list, or a mapping of a record's fields, read as the declared type.",
            ]),
            (key: "duration", value: [
                "description": "Virtual time: '300ms', '5s', '1.5s', '2m', '1h'.",
                "type": "string", "pattern": .string(durationPattern),
            ]),
            (key: "innerTime", value: ifString("A duration such as '2s', or one computed per element as RxSwift's '.seconds(_:)' and '.milliseconds(_:)': "
                                               + "'{ seconds: \"$0 * 60\" }', an Int expression over '$0' (or the 'as:' name) and the screen's names, evaluated when the element arrives.",
                                               ref("duration"),
                                               else: oneKey("A time computed per element, in one unit.", ComputedDuration.units.map { unit in
                                                   (unit.name, "An Int expression: the number of \(unit.name), as RxSwift's '.\(unit.name)(_:)'.", ref("expression"))
                                               }))),
            (key: "failure", value: [
                "description": "A failure: 'unknown', 'decode', 'notEnabled' or 'http(STATUS)' such as 'http(404)', with or without the leading '.' of expressions ('.http(404)').",
                "type": "string", "pattern": .string(failurePattern),
            ]),
        ]
    }
}
