/// A cell view model instantiated once per element of a list (`cells:`), as seed 004's
/// `EventCellViewModel` is made for each event a table shows: each row has its own state, its
/// own inputs and handlers, and outputs computed from them.
///
/// The rows are one node of the screen (``node``), a list of records of type ``model``: field 0
/// is the row's element, then the view model's value inputs (their latest value), its state and
/// its outputs, in ``fieldNames`` order. The row's expressions read those fields through the
/// event payload (`TypedExpr.eventPayload`), never a node of the screen. When ``source`` changes,
/// the rows follow it by identity: an element whose ``key`` field matches a row's keeps that
/// row's state, a new one starts from ``initial``; a step addressing a row by its identity fires
/// one of its ``inputs``, runs that input's ``handlers`` on the row alone, recomputes its
/// ``outputs``, writes the list and fires the input's node `<name>.<input>` with the new row.
package struct CellsPlan: Sendable {
    /// One of the view model's `inputs:`.
    package struct Input: Sendable {
        package var name: String
        /// `Void` for an event.
        package var type: SpecType
        /// The row field that keeps its latest value; nil for an event.
        package var field: Int?
        /// The screen's stream `<cells>.<input>`: fires with the row after the input's handlers ran.
        package var node: Int
        /// For a stream of one of the row's ``actions`` (`save.elements`, `save.errors`,
        /// `save.completions`), that action's index: the action feeds it, never a step or the
        /// row's view. Nil for the view model's own `inputs:` (and in a program compiled before
        /// rows had actions).
        package var action: Int?
        /// For one of the row's stream outputs (``CellsPlan/streams``), that stream's index: the
        /// row's own stream feeds it, never a step or the row's view. Nil otherwise (and in a
        /// program compiled before rows had streams).
        package var stream: Int?

        /// Memberwise, at `package` access: the front end builds the program.
        package init(name: String, type: SpecType, field: Int?, node: Int, action: Int? = nil, stream: Int? = nil) {
            self.name = name
            self.type = type
            self.field = field
            self.node = node
            self.action = action
            self.stream = stream
        }
    }

    /// One of the view model's `handlers:`: when ``input`` fires on a row, its ``targets`` (row
    /// fields) take ``values``, all computed from the row before any is written.
    package struct Handler: Sendable {
        package var input: Int
        package var targets: [Int]
        package var values: [TypedExpr]
        package var range: SpecRange
        /// `if:`: a `Bool` over the row read before any value is computed; when false the
        /// handler does nothing, as ``HandlerPlan/condition``. A probe of kind
        /// ``ProbeSite/Kind/guard`` wraps it. Nil when it has none.
        package var condition: TypedExpr?

        /// Memberwise, at `package` access: the front end builds the program.
        package init(input: Int, targets: [Int], values: [TypedExpr], range: SpecRange, condition: TypedExpr? = nil) {
            self.input = input
            self.targets = targets
            self.values = values
            self.range = range
            self.condition = condition
        }
    }

    /// One of the view model's `outputs:`: field ``field`` of a row is ``value`` computed over
    /// the fields before it. A bound property of the row's `view:` is one too, after them, in
    /// the field `<component>.<property>` (`priceLabel.textColor`): what the row shows is part
    /// of the row, as a screen component's bound property is a node of the screen.
    package struct Output: Sendable {
        package var field: Int
        package var value: TypedExpr
        /// Where its name is written under `viewModels:`, for the tools (coverage names the line);
        /// nil in a program compiled before it was kept.
        package var range: SpecRange?
        /// For a view property that takes a range of values (a progress view's `progress`, an
        /// `alpha:`), that range: a value outside it is a runtime error of the scenario and the
        /// field keeps its last value, as a screen binding's. Nil for others.
        package var constraint: ValueConstraint?

        /// Memberwise, at `package` access: the front end builds the program.
        package init(field: Int, value: TypedExpr, range: SpecRange? = nil, constraint: ValueConstraint? = nil) {
            self.field = field
            self.value = value
            self.range = range
            self.constraint = constraint
        }
    }

    /// One of the view model's `view:` components, a cell's outlet: each bound property is an
    /// expression over the row (computed for the tools that draw a row, as ``Output``s are for
    /// the engine), each wired event fires one of the row's ``inputs``. A gesture on a row is
    /// checked into a step that fires the input (`sendRow`) with a ``RowGesture`` naming the
    /// component, which the engine reads for what a person's gesture depends on: its `enabled`
    /// property (false: the gesture is ignored, as on a disabled control of the screen) and, for a
    /// control a person changes (a stepper, a slider, a switch, a segmented control, a text
    /// field), its ``valueProperty`` as shown, and its ``twoWay`` input.
    package struct Component: Sendable {
        /// `value: { twoWay: quantity, set: … }`: the person's change writes row input ``input``,
        /// with ``set`` computed over the row and the new value (in the field after the row's
        /// last, read as `<component>.value`), or the value itself when nil. What the component
        /// shows is its `value` property (the binding's `get:`).
        package struct TwoWay: Sendable {
            package var input: Int
            package var set: TypedExpr?

            /// Memberwise, at `package` access: the front end builds the program.
            package init(input: Int, set: TypedExpr?) {
                self.input = input
                self.set = set
            }
        }

        package struct Property: Sendable {
            package var name: String
            package var value: TypedExpr

            /// Memberwise, at `package` access: the front end builds the program.
            package init(name: String, value: TypedExpr) {
                self.name = name
                self.value = value
            }
        }

        package struct Event: Sendable {
            package var name: String
            /// The input of the row it fires, nil when it is not wired.
            package var input: Int?

            /// Memberwise, at `package` access: the front end builds the program.
            package init(name: String, input: Int?) {
                self.name = name
                self.input = input
            }
        }

        package var name: String
        /// The kind as written (`label`, `button`), as ``ComponentPlan/kind``.
        package var kind: String
        package var properties: [Property]
        package var events: [Event]
        /// A bounded control's `minimumValue:` and `maximumValue:` (the defaults when not
        /// written) and, when it steps, its `stepValue:`, as ``ComponentPlan``'s; nil for others
        /// (and in a program compiled before a row's stepper took a value).
        package var minimum: Double?
        package var maximum: Double?
        package var step: Double?
        /// The input the person's change of its value writes, nil when it is bound one way.
        package var twoWay: TwoWay?
        /// The property a person's gesture changes (`value` of a stepper or slider, `isOn` of a
        /// switch, `selectedIndex` of a segmented control, `text` of a text field): what the
        /// engine compares the gesture's value with, and what ``TwoWay/set`` reads the new
        /// value as (`<component>.<property>`); nil for a component no gesture changes.
        package var valueProperty: String?
        /// The titles the spec gives, as ``ComponentPlan/titles``: a segmented control's
        /// segments, a picker view's rows; nil when it gives none.
        package var titles: [String]?
        /// How many choices an index control has (its segments, rows or pages), for the tools
        /// that draw it; nil for other components.
        package var count: Int?
        /// Where the first bound written as an expression is (as ``ComponentPlan/Bounds/range``)
        /// and where `stepValue:` is when an expression gives it, for the runtime errors of
        /// bounds the wrong way round when a row is made or they change; nil for bounds written
        /// as numbers (and in a program compiled before they were kept).
        package var boundsRange: SpecRange?
        package var stepRange: SpecRange?

        /// Memberwise, at `package` access: the front end builds the program.
        package init(name: String, kind: String, properties: [Property], events: [Event], minimum: Double? = nil,
                     maximum: Double? = nil, step: Double? = nil, twoWay: TwoWay? = nil, valueProperty: String? = nil,
                     titles: [String]? = nil, count: Int? = nil) {
            self.name = name
            self.kind = kind
            self.properties = properties
            self.events = events
            self.minimum = minimum
            self.maximum = maximum
            self.step = step
            self.twoWay = twoWay
            self.valueProperty = valueProperty
            self.titles = titles
            self.count = count
        }

        /// The expression of property `name`, nil when it is not bound.
        package func property(_ name: String) -> TypedExpr? {
            properties.first { $0.name == name }?.value
        }
    }

    /// The instantiation's name under `cells:`, such as `cart`.
    package var name: String
    /// The view model's name, which is also the record type of a row.
    package var model: String
    /// The node holding the rows: a list of ``model`` records.
    package var node: Int
    /// The list node the rows follow (`for:`).
    package var source: Int
    /// The field of an element that identifies its row (`id:`).
    package var key: Int
    /// The names of a row's fields: the element first.
    package var fieldNames: [String]
    /// A new row's fields before its element is placed in field 0 and its outputs computed.
    package var initial: [Value]
    package var inputs: [Input]
    package var handlers: [Handler]
    package var outputs: [Output]
    /// The view model's `view:`, nil when it has none (so a compiled spec without one is as it was).
    package var view: [Component]?
    /// The view model's `actions:` (see ``Action``), nil when it has none, as ``view``.
    package var actions: [Action]?
    /// The fields that hold the row's offset and the list's count (see ``Position``), nil when
    /// its view model declares neither.
    package var position: Position?
    /// The parameters the screen hands each row (see ``Given``), nil when its view model
    /// declares none (so a compiled spec without them is as it was).
    package var given: [Given]?
    /// The row states whose `initial:` reads the element or the position (see ``StateInitial``),
    /// computed when a row is made, in order; nil when none does (so a compiled spec without
    /// them is as it was). Their fields hold `none` in ``initial`` until then.
    package var stateInitials: [StateInitial]?
    /// The view model's stream outputs (see ``RowStream``), nil when it has none (so a compiled
    /// spec without them is as it was).
    package var streams: [RowStream]?
    /// The input `created` (an event, an index in ``inputs``), which each row fires once, in the
    /// transaction that makes it, as a cell view model's `init` runs; nil when its view model does
    /// not name it.
    package var created: Int?
    /// The parameters the view model reads as streams (``ParamStream``), nil when it reads none
    /// (and in a program compiled before version 18).
    package var paramStreams: [ParamStream]?
    /// For a view model used by itself (`children:`), the node of its name (`shipping`): its one
    /// row, which always exists, as the screen reads it; ``node`` and ``source`` are then hidden
    /// nodes (`shipping$rows`, and `shipping$instance`, the one element, identity 0). Nil for
    /// rows of a list (and in a program compiled before version 17).
    package var instance: Int?
    /// Where the instantiation is written.
    package var range: SpecRange

    /// Memberwise, at `package` access: the front end builds the program.
    package init(name: String, model: String, node: Int, source: Int, key: Int, fieldNames: [String], initial: [Value],
                 inputs: [Input], handlers: [Handler], outputs: [Output], view: [Component]? = nil, actions: [Action]? = nil,
                 position: Position? = nil, given: [Given]? = nil, stateInitials: [StateInitial]? = nil, streams: [RowStream]? = nil,
                 created: Int? = nil, paramStreams: [ParamStream]? = nil, range: SpecRange) {
        self.name = name
        self.model = model
        self.node = node
        self.source = source
        self.key = key
        self.fieldNames = fieldNames
        self.initial = initial
        self.inputs = inputs
        self.handlers = handlers
        self.outputs = outputs
        self.view = view
        self.actions = actions
        self.position = position
        self.given = given
        self.stateInitials = stateInitials
        self.streams = streams
        self.created = created
        self.paramStreams = paramStreams
        self.range = range
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension CellsPlan: Codable {}
extension CellsPlan.Input: Codable {}
extension CellsPlan.Handler: Codable {}
extension CellsPlan.Output: Codable {}
extension CellsPlan.Component: Codable {}
extension CellsPlan.Component.Property: Codable {}
extension CellsPlan.Component.Event: Codable {}
extension CellsPlan.Component.TwoWay: Codable {}
