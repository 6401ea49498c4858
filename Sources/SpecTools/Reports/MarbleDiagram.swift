import ScreenSpec
import SpecRuntime

/// One scenario as a marble diagram: a lane per output with a mark per emission, and a lane of
/// the scenario's steps with its failed expectations and runtime errors.
package struct MarbleDiagram: Sendable, Hashable {
    package struct Mark: Sendable, Hashable {
        package enum Kind: Sendable, Hashable {
            /// An element or a new value; the text is the value as the timeline writes it.
            case emission
            /// A scenario step (`set`, `send`, `wait`, a gesture); the text is the step.
            case step
            /// An `expect:` that did not hold; the text is the message.
            case failure
            /// A runtime error reported by the graph; the text is the message.
            case runtimeError
            /// The stream completed (RxSwift's `.completed`): nothing more comes.
            case completed
            /// The stream terminated with an error (RxSwift's `.error`); the text names it.
            case terminatedWithError
            /// An inner stream of the output (a request) was disposed before it ended; the text names the call.
            case cancelled
            /// An emission the stored snapshot has and this run does not (the diff's removed
            /// line): drawn faded at its old time, beside what the run did instead.
            case ghost
        }

        /// Virtual milliseconds since the scenario started.
        package var time: Int
        package var kind: Kind
        package var text: String

        package init(time: Int, kind: Kind, text: String) {
            self.time = time
            self.kind = kind
            self.text = text
        }
    }

    package struct Lane: Sendable, Hashable {
        /// The output's name as the timeline writes it, such as `login.enabled`.
        package var name: String
        package var marks: [Mark]

        package init(name: String, marks: [Mark]) {
            self.name = name
            self.marks = marks
        }

        package var emissionCount: Int { marks.filter { $0.kind == .emission }.count }
    }

    /// Output lanes in the order of their first entry in the timeline.
    package var lanes: [Lane]
    /// Steps, failed expectations and runtime errors, in timeline order.
    package var steps: [Mark]

    /// An emission: an output's value at an instant, such as `degrees` = `"59.0°F"` at 300ms.
    package struct Moment: Sendable, Hashable {
        package var output: String
        package var time: Int
        /// The value as the timeline writes it.
        package var value: String

        package init(output: String, time: Int, value: String) {
            self.output = output
            self.time = time
            self.value = value
        }
    }

    /// Emissions that differ from the stored snapshot: their marbles are marked as changed.
    package var changed: Set<Moment> = []

    /// For each lane whose value an `expect:` found wrong, the times it did: the lane is
    /// highlighted there as well as on the steps lane.
    package var expectationFailures: [String: [Int]] = [:]

    package init(lanes: [Lane], steps: [Mark]) {
        self.lanes = lanes
        self.steps = steps
        // The runner words a failed expectation `expected NAME == VALUE, got ...`.
        for mark in steps where mark.kind == .failure {
            for lane in lanes where mark.text.hasPrefix("expected \(lane.name) == ") {
                expectationFailures[lane.name, default: []].append(mark.time)
            }
        }
    }

    /// The diagram of a timeline: every emission becomes exactly one marble on its output's lane.
    package init(_ timeline: Timeline) {
        var lanes: [Lane] = []
        var laneIndex: [String: Int] = [:]
        var steps: [Mark] = []
        func add(_ mark: Mark, to name: String) {
            if let i = laneIndex[name] {
                lanes[i].marks.append(mark)
            } else {
                laneIndex[name] = lanes.count
                lanes.append(Lane(name: name, marks: [mark]))
            }
        }
        for entry in timeline.entries {
            switch entry {
            case .emission(let time, let name, let value):
                add(Mark(time: time, kind: .emission, text: ValueFormatter.text(value)), to: name)
            case .step(let time, let text):
                steps.append(Mark(time: time, kind: .step, text: text))
            case .failure(let time, let message, let file, let line):
                steps.append(Mark(time: time, kind: .failure, text: "\(message) (\(file):\(line))"))
            case .runtimeError(let time, let message):
                steps.append(Mark(time: time, kind: .runtimeError, text: message))
            case .end(let time, let name, .completed):
                add(Mark(time: time, kind: .completed, text: "completed"), to: name)
            case .end(let time, let name, .error(let error)):
                add(Mark(time: time, kind: .terminatedWithError, text: ValueFormatter.text(.error(error))), to: name)
            case .cancel(let time, let name, let call):
                add(Mark(time: time, kind: .cancelled, text: call), to: name)
            case .call:
                // A diagram has a lane per output; the calls are in the timeline's text.
                continue
            }
        }
        self.init(lanes: lanes, steps: steps)
    }

    /// Adds the snapshot's emissions this run does not have as ghosts on their lanes (a lane of
    /// its own at the end for an output that no longer emits), each after the marks at or
    /// before its time.
    package mutating func addGhosts(_ moments: [Moment]) {
        for moment in moments {
            let ghost = Mark(time: moment.time, kind: .ghost, text: moment.value)
            if let i = lanes.firstIndex(where: { $0.name == moment.output }) {
                let at = lanes[i].marks.lastIndex { $0.time <= moment.time }.map { $0 + 1 } ?? 0
                lanes[i].marks.insert(ghost, at: at)
            } else {
                lanes.append(Lane(name: moment.output, marks: [ghost]))
            }
        }
    }

    /// Every mark of every lane, steps included.
    var allMarks: [Mark] { steps + lanes.flatMap(\.marks) }

    /// The time of the last mark; 0 for an empty diagram.
    package var endTime: Int { allMarks.map(\.time).max() ?? 0 }
}
