/// A key a component body takes besides its properties and events (`minimumValue:`,
/// `segments:`, `action:` …): how the reader reads it and what the schema says of it. Kinds share
/// settings (a slider and a stepper both take `minimumValue:`), so each is declared once here.
struct ComponentSetting: Sendable {
    /// How the reader reads a setting's value, and where in ``ComponentDecl`` it keeps it.
    enum Reading: Sendable, Equatable {
        /// An action's name (`action:`), kept in ``ComponentDecl/action``.
        case action
        /// A count from 0 to 1000 or a list of titles (`segments:`), kept in ``ComponentDecl/parts``,
        /// or a `[String]` expression over the screen's names (`segments: names`), kept in
        /// ``ComponentDecl/titleExpressions``.
        case countOrTitles
        /// A non-empty list of titles (`buttons:`), kept in ``ComponentDecl/parts``; with
        /// ``TitlesReading/takesExpression``, also a `[String]` expression (`rows: names`), kept in
        /// ``ComponentDecl/titleExpressions``.
        case titles(TitlesReading)
        /// A number (`minimumValue: 0`), kept in ``ComponentDecl/numbers``, or an expression over
        /// the screen's names (`maximumValue: Double(duration)`), kept in
        /// ``ComponentDecl/boundExpressions``.
        case bound
        /// A number above 0 (`stepValue: 0.5`), kept in ``ComponentDecl/numbers``, or an expression
        /// over the screen's names (`stepValue: Double(unit)`), kept in
        /// ``ComponentDecl/boundExpressions`` and checked above 0 as it changes.
        case positiveNumber
        /// A count from 0 to 1000 (`numberOfPages:`), kept in ``ComponentDecl/numbers``.
        case count
        /// A generic component's `properties:`: name to type; they name keys of its body.
        case declaredProperties
        /// A generic component's `callbacks:`: name to parameters; they name keys of its body.
        case callbacks
        /// A text style or `{ size:, weight: }` (`font:`), kept in ``ComponentDecl/font``.
        case font
    }

    let name: String
    let reading: Reading
    let description: String
    let schema: JSONValue

    static let action = ComponentSetting(name: "action", reading: .action,
        description: "Executes this action when tapped; the control is enabled exactly when the action is (Action's 'button.rx.action').",
        schema: SpecSchema.ref("dottedName"))
    static let segments = ComponentSetting(name: "segments", reading: .countOrTitles,
        description: "The segments: a count from 0 to 1000, a list of titles, or a [String] expression over the screen's names bound one way (removeAllSegments, then insertSegment(withTitle:) for each; the selection becomes -1 whenever the titles change).",
        schema: ["anyOf": [["type": "integer", "minimum": 0, "maximum": 1000], ["type": "array", "items": ["type": "string"]], SpecSchema.ref("expression")]])
    static let minimumValue = ComponentSetting(name: "minimumValue", reading: .bound,
        description: "The least value (UIKit's 'minimumValue'; 0 by default): a number, or a Double expression over the screen's names, bound one way.",
        schema: ["anyOf": [["type": "number"], SpecSchema.ref("expression")]])
    static let maximumValue = ComponentSetting(name: "maximumValue", reading: .bound,
        description: "The greatest value (UIKit's 'maximumValue'; 1 for a slider, 100 for a stepper by default): a number, or a Double expression over the screen's names, bound one way.",
        schema: ["anyOf": [["type": "number"], SpecSchema.ref("expression")]])
    static let stepValue = ComponentSetting(name: "stepValue", reading: .positiveNumber,
        description: "How much one tap on the stepper's + or - changes its value (UIKit's 'stepValue'; 1 by default): a number above 0, or a Double expression over the screen's names bound one way (a value not above 0 is a runtime error, as UIStepper raises); 'step:' goes to values a person can reach so.",
        schema: ["anyOf": [["type": "number", "exclusiveMinimum": 0], SpecSchema.ref("expression")]])
    static let numberOfPages = ComponentSetting(name: "numberOfPages", reading: .count,
        description: "How many pages the page control shows: 0 to 1000.", schema: ["type": "integer", "minimum": 0, "maximum": 1000])
    static let buttons = ComponentSetting(name: "buttons",
        reading: .titles(TitlesReading(what: "the alert's button titles", example: "[OK, Cancel]", item: "button")),
        description: "The alert's button titles; a person chooses one with 'choose:'.",
        schema: ["type": "array", "items": ["type": "string"], "minItems": 1])
    static let font = ComponentSetting(name: "font", reading: .font,
        description: "The text's font as iOS draws it: a Dynamic Type text style at the default size ('body', 'headline', 'largeTitle' …), or '{ size: 28, weight: bold }' (UIFont.systemFont(ofSize:weight:)). The preview draws it; the engine does not read it.",
        schema: ["anyOf": [["enum": .array(FontDecl.textStyles.map { .string($0.name) })],
                           SpecSchema.object("A system font of a size and weight.", [
                               ("size", ["description": "The point size.", "type": "number", "exclusiveMinimum": 0, "maximum": .int(Int(FontDecl.maximumSize))]),
                               ("weight", ["description": "UIFont.Weight's name; 'regular' when left out.", "enum": .array(FontDecl.weights.map { .string($0.name) })]),
                           ], required: ["size"])]])
    static let properties = ComponentSetting(name: "properties", reading: .declaredProperties,
        description: "Declared properties of a generic component: name to type; bindings write them.",
        schema: SpecSchema.map("Properties by name.", of: SpecSchema.ref("type")))
    static let callbacks = ComponentSetting(name: "callbacks", reading: .callbacks,
        description: "Delegate callbacks (a DelegateProxy): name to its parameters (name to type); a scenario calls one with 'fire:'.",
        schema: SpecSchema.map("Callbacks by name.", of: SpecSchema.map("Parameters by name.", of: SpecSchema.ref("type"))))
}

/// How a list of titles is named in messages: "'buttons:' lists the alert's button titles, as in
/// '[OK, Cancel]'", "a button title is text", "alert 'confirm' has no button 'Maybe'".
struct TitlesReading: Sendable, Equatable {
    let what: String
    let example: String
    let item: String
    /// Whether the titles may also be a `[String]` expression over the screen's names, bound one
    /// way (a picker view's `rows: names`, as RxCocoa's `rx.itemTitles`).
    var takesExpression = false
}
