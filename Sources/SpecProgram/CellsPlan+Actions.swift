extension CellsPlan {
    /// One of the view model's `actions:`, an `Action` each row holds, as an RxSwift cell view
    /// model holds its own: each row executes it alone, with its own `executing` and `enabled`
    /// (fields of the row), and its streams (`save.elements`, `save.errors`,
    /// `save.completions`) are inputs of the row that the action feeds (``Input/action``), so the
    /// row's handlers react to them and the screen hears them as `<cells>.<action>.<stream>`,
    /// firing with the row.
    ///
    /// Its work is one call of a service of the screen, or a stream (``work``). When ``trigger`` fires on a row, the
    /// action decides on the row as it was before the input's handlers wrote it: enabled, its
    /// arguments are computed and `executing` turns true; disabled (or executing), `notEnabled`
    /// goes to its `errors`. A row whose element leaves the list has its call disposed.
    package struct Action: Sendable {
        package var name: String
        /// The input of the row that executes it (an index in ``CellsPlan/inputs``); its value is
        /// the execution's input, `$0` in ``arguments``.
        package var trigger: Int
        /// `enabledIf:` over the row's element, state and actions' `executing`, computed before
        /// its outputs (which read `enabled`); nil: always.
        package var enabledIf: TypedExpr?
        /// The row field that is true while it executes, and the one that is `enabledIf &&
        /// !executing`, both before the outputs.
        package var executing: Int
        package var enabled: Int
        /// Its streams, indices in ``CellsPlan/inputs``.
        package var elements: Int
        package var errors: Int
        package var completions: Int
        /// The service it calls, an index in ``CheckedSpec/services``; with ``work``, the service
        /// of its call when it is always one, else -1.
        package var service: Int
        package var argumentNames: [String]
        /// Computed from the row when it executes (the trigger's field holds the input).
        package var arguments: [TypedExpr]
        /// Where its name is written under `viewModels:`.
        package var range: SpecRange
        /// Work written as a stream (`ops:`, `just:`, a timer, a choice), as a screen action's
        /// (``ActionWorkPlan``): the request each execution subscribes to, as `flatMap` would,
        /// its element the row as it was when the execution started (``RequestPlan/bindsElement``),
        /// which its expressions read the row's names from, `$0` in `with:` and the choice's `if:`
        /// its trigger's field. Then ``argumentNames`` and ``arguments`` are empty. Nil for a call.
        package var work: RequestPlan?

        /// Memberwise, at `package` access: the front end builds the program.
        package init(name: String, trigger: Int, enabledIf: TypedExpr?, executing: Int, enabled: Int, elements: Int, errors: Int,
                     completions: Int, service: Int, argumentNames: [String], arguments: [TypedExpr], range: SpecRange,
                     work: RequestPlan? = nil) {
            self.name = name
            self.trigger = trigger
            self.enabledIf = enabledIf
            self.executing = executing
            self.enabled = enabled
            self.elements = elements
            self.errors = errors
            self.completions = completions
            self.service = service
            self.argumentNames = argumentNames
            self.arguments = arguments
            self.range = range
            self.work = work
        }
    }

    /// Whether input `input` is fed by one of the row's actions or streams, is its `created` or
    /// a parameter read as a stream, rather than by a step or the view.
    package func isActionStream(_ input: Int) -> Bool {
        inputs.indices.contains(input) && (inputs[input].action != nil || inputs[input].stream != nil || created == input
            || paramStreams?.contains { $0.input == input } == true)
    }
}

// Codable is synthesised here, in the type's own file: the JSON of a compiled spec.
extension CellsPlan.Action: Codable {}
