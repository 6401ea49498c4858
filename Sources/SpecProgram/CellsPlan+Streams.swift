extension CellsPlan {
    /// One of the view model's stream outputs, a stream each row holds, as an RxSwift cell view
    /// model holds `postcode.debounce(…)`: `lookup: { stream: postcode, ops: [ … ] }` (or a
    /// `timer:`, an `interval:`). Each row runs its own from the moment it is made, with its own
    /// operator state and timers, until it leaves its list (then it is disposed, its timers
    /// dropped). Its elements are those of input ``input`` of the row (its field holds the latest,
    /// its handlers run, the screen's `<cells>.<name>` fires with the row), each settled on the
    /// row in a transaction of its own, as a row action's elements are.
    ///
    /// It runs on the machinery of a row's work (``Action/work``): ``request`` merges the rows'
    /// streams, one inner stream per row, subscribed when the row is made, its element that row
    /// as it was made (``RequestPlan/bindsElement``), which its expressions read the row's names
    /// from. For `stream:`, its source is `never` and its first inner operator a `merge` of the
    /// row's input (an index in ``CellsPlan/inputs``), whose value (the input's field, void for
    /// an event) each row's stream hears from its own row alone.
    package struct RowStream: Sendable {
        package var name: String
        /// The input of the row it feeds (its ``Input/stream`` is this stream's index).
        package var input: Int
        /// For `stream:`, the input of the row it listens to; nil for a `timer:` or an `interval:`.
        package var source: Int?
        package var request: RequestPlan
        /// For a stream whose `ops:` hold a request, the input of the row its failures come out on
        /// (`<name>.errors`, whose ``Input/stream`` is this stream's index too); nil otherwise (and
        /// in a program compiled before a row's stream could make a request, version 17).
        package var errors: Int?
        /// Where its name is written under `viewModels:`.
        package var range: SpecRange

        /// Memberwise, at `package` access: the front end builds the program.
        package init(name: String, input: Int, source: Int?, request: RequestPlan, errors: Int? = nil, range: SpecRange) {
            self.name = name
            self.input = input
            self.source = source
            self.request = request
            self.errors = errors
            self.range = range
        }
    }

    /// The pipeline that runs stream `s` (``RowStream``) for this entry's rows: one operator, its
    /// request, listening to the nodes of the row's own streams (``RequestPlan/listening(to:)``),
    /// its output the screen's stream of the row's input it feeds. Nil for a stream that names a
    /// stream the row does not have (``ProgramValidator`` refuses such a program).
    package func rowStreamPlan(_ s: Int) -> StreamPlan? {
        guard let streams, streams.indices.contains(s), let listening = streams[s].request.listening(to: inputs) else { return nil }
        let input = streams[s].input
        let output = inputs.indices.contains(input) ? inputs[input].node : node
        let flatMap = OperatorPlan(name: listening.name, arguments: OperatorArguments(request: listening), written: nil)
        return StreamPlan(output: output, source: -1, operators: [flatMap], holdsValue: false)
    }
}

// Codable is synthesised here, in the type's own file: the JSON of a compiled spec.
extension CellsPlan.RowStream: Codable {}
