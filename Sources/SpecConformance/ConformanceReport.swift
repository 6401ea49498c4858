import SpecRuntime

/// What a conformance check found: how much it played, each divergence and each mistake of the
/// test itself. Its description is what a failing test should print.
public struct ConformanceReport: CustomStringConvertible, Sendable {
    /// The outputs compared, by the spec's names.
    public let outputs: [String]
    /// How many written scenarios were played.
    public internal(set) var scenarios = 0
    /// How many explored paths were played.
    public internal(set) var explored = 0
    /// Where the view model and the spec part, shrunk.
    public internal(set) var divergences: [ConformanceDivergence] = []
    /// Mistakes of the test rather than of the view model: a member missing from the contract, a
    /// value that does not fit the spec's type, a call of a service the spec does not declare, a
    /// spec scenario that fails on the spec itself.
    public internal(set) var problems: [String] = []

    init(outputs: [String]) {
        self.outputs = outputs
    }

    /// Whether the view model showed what the spec shows everywhere it was played.
    public var passed: Bool { divergences.isEmpty && problems.isEmpty }

    /// A summary line, then each problem and divergence.
    public var description: String {
        var lines = ["\(passed ? "conforms" : "does not conform"): \(scenarios) scenario\(scenarios == 1 ? "" : "s") and \(explored) explored path\(explored == 1 ? "" : "s") played, outputs compared: \(outputs.joined(separator: ", "))"]
        lines += problems.map { "problem: \($0)" }
        for divergence in divergences { lines += ["", divergence.description] }
        return lines.joined(separator: "\n")
    }
}

/// One place where the view model shows something the spec does not: the first output and instant
/// they part at, the fewest steps that show it, written as a scenario to append to the spec, and
/// both timelines of the outputs that differ.
public struct ConformanceDivergence: CustomStringConvertible, Sendable {
    /// Where it was found: `scenario '…'` or `an explored path`.
    public let origin: String
    /// The first output that differs, by the spec's name.
    public let output: String
    /// When, in milliseconds from the screen's start.
    public let milliseconds: Int
    /// What the spec shows of the output then (nil: nothing new then).
    public let specValue: String?
    /// What the view model shows of it then (nil: nothing new then).
    public let modelValue: String?
    private let specBefore: String?
    private let modelBefore: String?
    /// The shrunk steps, as timelines print them.
    public let steps: [String]
    /// The shrunk steps as a scenario in the spec's YAML, to append under `scenarios:`.
    public let scenario: String
    /// Both timelines of each output that differs, side by side.
    public let timelines: String
    /// The other scenarios whose divergence shrank to the same steps.
    public internal(set) var alsoIn: [String] = []

    init(origin: String, scenario plan: ScenarioPlan, difference: FirstDifference, played: PathPlayer<some Any>.Played,
         binding: ContractBinding<some Any>, equivalence: Equivalence) {
        let spec = binding.spec
        self.origin = origin
        output = binding.outputs[difference.output].name
        milliseconds = difference.time
        specValue = difference.spec.map(ValueFormatter.text)
        modelValue = difference.model.map(ValueFormatter.text)
        specBefore = difference.specBefore.map(ValueFormatter.text)
        modelBefore = difference.modelBefore.map(ValueFormatter.text)
        steps = played.steps.map { "at \($0.time) ms: \($0.text)" }
        let finalSpecValue = played.spec.entries[difference.output].last?.value
        let comment = "# found by conformance: " + Self.summary(output, milliseconds, specValue, specBefore, modelValue, modelBefore)
        scenario = comment + "\n" + StepYAML.scenario(named: "\(binding.outputs[difference.output].name) as the spec shows it (found by conformance)",
                                     plan.steps, params: plan.params, expecting: finalSpecValue.map { (binding.outputs[difference.output].name, $0) }, spec: spec)
        let specSide = played.spec.compared(equivalence), modelSide = played.model.compared(equivalence)
        var lanes: [String] = []
        for k in binding.outputs.indices where specSide[k] != modelSide[k] || k == difference.output {
            lanes.append(Self.lanes(binding.outputs[k].name, specSide[k], modelSide[k]))
        }
        timelines = lanes.joined(separator: "\n")
    }

    private static func lanes(_ name: String, _ spec: [Observed.Entry], _ model: [Observed.Entry]) -> String {
        func cell(_ entry: Observed.Entry?) -> String {
            guard let entry else { return "" }
            return "\(entry.time) ms  \(ValueFormatter.text(entry.value))"
        }
        var rows = [name, "    " + "spec".padding(toLength: 36, withPad: " ", startingAt: 0) + "view model"]
        var marked = false
        for i in 0..<max(spec.count, model.count) {
            let a = i < spec.count ? spec[i] : nil, b = i < model.count ? model[i] : nil
            let differs = a != b && !marked
            if differs { marked = true }
            let left = cell(a)
            let row = (differs ? "  ≠ " : "    ") + (left.count < 36 ? left.padding(toLength: 36, withPad: " ", startingAt: 0) : left + "  ") + cell(b)
            rows.append(String(row.reversed().drop { $0 == " " }.reversed()))
        }
        return rows.joined(separator: "\n")
    }

    /// `at 0 ms on 'login.enabled': the spec shows false, the view model still shows true`.
    private static func summary(_ output: String, _ time: Int, _ spec: String?, _ specBefore: String?, _ model: String?, _ modelBefore: String?) -> String {
        func shows(_ value: String?, before: String?) -> String {
            if let value { return "shows \(value)" }
            if let before { return "still shows \(before)" }
            return "shows nothing yet"
        }
        return "at \(time) ms on '\(output)': the spec \(shows(spec, before: specBefore)), the view model \(shows(model, before: modelBefore))"
    }

    /// Where, what each side shows, the steps, both timelines and the scenario to append.
    public var description: String {
        var lines = ["\(origin) diverges " + Self.summary(output, milliseconds, specValue, specBefore, modelValue, modelBefore)]
        if !alsoIn.isEmpty { lines.append("(the same steps diverge in \(alsoIn.joined(separator: ", ")))") }
        lines.append("steps (\(scenarioStepCount)):")
        lines += steps.map { "  " + $0 }
        lines.append("timelines:")
        lines.append(timelines)
        lines.append("as a scenario to append to the spec:")
        lines.append(scenario)
        return lines.joined(separator: "\n")
    }

    private var scenarioStepCount: Int { steps.count }
}
