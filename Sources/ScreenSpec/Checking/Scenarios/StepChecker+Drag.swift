import SpecRuntime

/// `drag: { progress: [30, 45] }`: a person's drag of a slider, played as UIKit sends its events,
/// each a step of its own: the touch down (`press:`, `touchDown`, `isTracking` true), a `slide:`
/// to each value in order (`valueChanged`), then the touch up (`release:`, `touchUpInside`).
extension StepChecker {
    mutating func checkDrag(_ verb: Located<String>, _ targets: [(target: Located<String>, value: YAMLNode?)]) -> [StepPlan] {
        var plans: [StepPlan] = []
        for (target, value) in targets {
            if let index = view.index[target.value], !view.components[index].kind.tracksTouches {
                let component = view.components[index]
                let verbs = component.verbs
                cx.diagnostics.error(.invalidStepTarget, "'\(component.name)' is a \(component.kind.name); 'drag:' \(GestureVerb.drag.what)", at: target.range,
                                     notes: [DiagnosticNote(verbs.isEmpty ? "a \(component.kind.name) takes no gestures"
                                                            : "a \(component.kind.name) takes " + verbs.map { "'\($0):'" }.joined(separator: ", "))])
                continue
            }
            guard let items = value?.sequence, !items.isEmpty else {
                cx.diagnostics.error(.missingValue, "'drag:' needs the values the slider moves through, in order, as in 'drag: { \(target.value): [0.2, 0.8] }'",
                                     at: value?.range ?? target.range)
                continue
            }
            let press = checkGesture(Located(GestureVerb.press.name, verb.range), [(target, nil)])
            guard !press.isEmpty else { continue }
            var slides: [StepPlan] = []
            for item in items { slides += checkGesture(Located(GestureVerb.slide.name, verb.range), [(target, item)]) }
            guard slides.count == items.count else { continue }
            plans += press + slides + checkGesture(Located(GestureVerb.release.name, verb.range), [(target, nil)])
        }
        return plans
    }
}
