import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// The JSON the page receives over its WebSocket: the layout once (what to draw), then the state
/// after every change (values, invariants, new timeline lines). Every text in them is data: the
/// page puts it in the DOM with `textContent`, never as markup.
enum PageMessages {
    /// The specs the server previews, for the page's list of screens.
    static func catalog(_ sessions: [PreviewSession], current: Int) -> String {
        json(["type": "specs", "current": current,
              "specs": sessions.map { ["screen": $0.screen, "file": $0.path] as [String: Any] }])
    }

    static func layout(_ session: PreviewSession) -> String {
        let spec = session.spec
        let components: [[String: Any]] = spec.components.map { c in
            var component: [String: Any] = ["name": c.name, "kind": c.kind, "properties": c.properties.map(\.name), "events": c.events.map(\.name)]
            // How the page draws it and the verb each member's gesture sends, from the kind's
            // catalogue entry: the page keeps drawings, not a list of kinds.
            let entry = ComponentCatalog.entry(named: c.kind)
            component["drawing"] = entry?.drawing ?? "properties"
            component["verbs"] = entry?.verbsByMember ?? [:]
            // The events something listens to (an input it feeds, an action it executes, a
            // binding on it): a table draws pull to refresh and its load-more footer, a navigation
            // bar its buttons, only when the spec wires them.
            component["wired"] = c.events.filter { e in !e.feeds.isEmpty || !e.actions.isEmpty || spec.handlers.contains { $0.on == e.node } }.map(\.name)
            if let rows = entry?.rowsProperty { component["rows"] = rows }
            if let rowEvent = entry?.rowEvent { component["rowEvent"] = rowEvent }
            // Rows with their own components (a view model's `view:`), each drawn in its row.
            if let rowView = session.rowViews.layout(c.name, spec) { component["rowView"] = rowView }
            // Titles and bounds as the spec gives them: a segment's title, an alert's buttons.
            if let titles = c.titles { component["titles"] = titles }
            // Titles an expression gives are a property, drawn as they change.
            if let choices = c.choices, let p = c.properties.first(where: { $0.node == choices.titles }) { component["titlesProperty"] = p.name }
            if let minimum = c.minimum { component["minimum"] = minimum }
            if let maximum = c.maximum { component["maximum"] = maximum }
            if let step = c.step { component["step"] = step }
            if session.sensitive.components.contains(c.name) { component["secure"] = true }
            // A declared font, drawn at its point size and weight (1 pt is 1 CSS px in the frame).
            if let font = session.fonts[c.name] { component["font"] = ["size": font.size, "weight": font.cssWeight] }
            // A custom component's callbacks, fired from the page with a value written as in a
            // scenario's `fire:` (the first value a scenario fires, to start from).
            if c.kind == "component" {
                component["callbacks"] = c.events.map { event -> [String: Any] in
                    var callback: [String: Any] = ["name": event.name, "type": spec.nodes[event.node].type.description]
                    if let example = fired(event.node, in: spec) { callback["example"] = example }
                    return callback
                }
            }
            return component
        }
        let services: [[String: Any]] = spec.services.indices.map { k in
            ["name": spec.services[k].name, "live": session.isLive(k), "choices": session.choices(k).map { session.label($0, of: k) } + ["fail: http(N), a status of your own"]]
        }
        // Without `view:`, a generated form: a control per input by its type, a button per event.
        // An action without a trigger input gets its own button (`send: action` in a scenario).
        func field(_ name: String, _ type: SpecType, stream: Bool) -> [String: Any] {
            var field: [String: Any] = ["name": name, "type": type.description, "stream": stream, "control": control(type)]
            if let node = spec.node(named: name), session.sensitive.isSecure(node: node) { field["secure"] = true }
            if case .enumeration(let e) = type { field["cases"] = spec.types.enums[e] ?? [] }
            if control(type) == "value", let example = example(for: name, in: spec) { field["example"] = example }
            return field
        }
        var form: [[String: Any]] = []
        if spec.components.isEmpty {
            for node in spec.nodes {
                if case .input = node.role { form.append(field(node.name, node.type, stream: !node.hasCurrentValue)) }
            }
            for action in spec.actions where action.trigger == nil {
                form.append(field(action.name, action.input, stream: true))
            }
        }
        let message: [String: Any] = [
            "type": "layout", "screen": spec.screen, "file": spec.file,
            "components": components + session.rowViews.childLayouts(spec), "form": form,
            "values": shownNodes(spec).map { spec.nodes[$0].name },
            "invariants": spec.invariants.map(\.name),
            "services": services,
        ]
        return json(message)
    }

    /// The kind of control a generated form uses for an input of `type`.
    private static func control(_ type: SpecType) -> String {
        switch type {
        case .void: return "button"
        case .bool: return "checkbox"
        case .int, .double: return "number"
        case .enumeration: return "select"
        case .record, .list, .optional(.record), .optional(.list): return "value"
        default: return "text"
        }
    }

    /// A value the spec's scenarios give the input `name` (`send:`/`set:`), as YAML flow text: a
    /// record or a list to start from rather than an empty box.
    static func example(for name: String, in spec: CheckedSpec) -> String? {
        guard let node = spec.node(named: name) else { return nil }
        for scenario in spec.scenarios {
            for step in scenario.steps {
                switch step.kind {
                case .send(node, let value), .set(node, let value): return YAMLValueText.text(value)
                default: continue
                }
            }
        }
        return nil
    }

    /// The first value the spec's scenarios fire at the event node `event` (`fire:`), as YAML flow text.
    static func fired(_ event: Int, in spec: CheckedSpec) -> String? {
        for scenario in spec.scenarios {
            for step in scenario.steps {
                if case .gesture(let g) = step.kind, g.events.contains(event), case .value(let value) = g.payload { return YAMLValueText.text(value) }
            }
        }
        return nil
    }

    /// Every input, state cell, output and action output, in declaration order: what the panel
    /// beside the screen lists.
    static func shownNodes(_ spec: CheckedSpec) -> [Int] {
        spec.nodes.indices.filter { i in
            switch spec.nodes[i].role {
            case .component, .param: return false
            // An input with a current value is shown though the timeline shows it as steps: the
            // panel lists it, and a generated form is drawn again from it (after Back, a reload).
            case .input: return spec.nodes[i].hasCurrentValue
            default: return spec.nodes[i].visible
            }
        }
    }

    static func state(_ session: PreviewSession, from: Int, lines: [String]) -> String {
        let spec = session.spec
        var components: [String: Any] = [:]
        for c in spec.components {
            var props: [String: Any] = [:]
            for p in c.properties { props[p.name] = session.value(of: p.node).map(jsonValue) ?? NSNull() }
            if let rows = session.rowViews.rows(c.name, spec, now: session.now, value: session.value(of:)) { props["rowViews"] = rows }
            components[c.name] = props
        }
        for child in session.rowViews.childRows(spec, now: session.now, value: session.value(of:)) {
            components[child.name] = ["rowViews": child.rows]
        }
        var values: [String: Any] = [:]
        for i in shownNodes(spec) {
            let value = session.value(of: i)
            values[spec.nodes[i].name] = value.map { session.sensitive.shown(ValueFormatter.text($0), of: i, value: $0) } ?? "no value yet"
        }
        let invariants: [[String: Any]] = spec.invariants.indices.map { k in
            ["name": spec.invariants[k].name, "broken": session.brokenInvariants[k] ?? NSNull()]
        }
        var playback: Any = NSNull()
        if let p = session.playback {
            playback = [
                "index": p.index, "name": p.scenario.name, "position": p.position,
                "steps": p.scenario.steps.indices.map { k -> [String: Any] in
                    let step = p.scenario.steps[k]
                    var shown: [String: Any] = ["text": session.sensitive.redact(step.text), "line": step.range.start.line]
                    if k < p.failures.count { shown["failure"] = p.failures[k] ?? NSNull() }
                    return shown
                },
            ] as [String: Any]
        }
        let message: [String: Any] = [
            "type": "state", "now": session.now,
            "services": spec.services.indices.map { ["name": spec.services[$0].name, "chosen": session.chosenIndex($0), "status": session.chosenStatus($0).map { $0 as Any } ?? NSNull()] as [String: Any] },
            "scenarios": session.playable.map(\.name), "playback": playback, "paused": session.realTime.isPaused, "speed": session.realTime.speed,
            "recording": session.recorder.recording, "recordedSteps": session.recorder.stepCount, "saved": session.saved ?? NSNull(),
            "error": session.error ?? NSNull(), "diagnostics": session.diagnostics ?? NSNull(),
            "components": components, "values": values, "invariants": invariants,
            "timeline": ["from": from, "lines": lines],
        ]
        return json(message)
    }

    /// A property's value for a control: scalars as JSON, a colour as the CSS colour the page
    /// paints (`rgba(0, 255, 0, 1)`), a list as its rows' cells, anything else as the timeline
    /// writes it.
    static func jsonValue(_ value: Value) -> Any {
        switch value {
        case .color(let c):
            let byte = { (x: Double) in Int((min(max(x, 0), 1) * 255).rounded()) }
            return "rgba(\(byte(c.red)), \(byte(c.green)), \(byte(c.blue)), \(ValueFormatter.formatDouble(min(max(c.alpha, 0), 1))))"
        case .bool(let b): return b
        case .int(let i): return i
        case .double(let d): return d.isFinite ? d : ValueFormatter.text(value)
        case .string(let s): return s
        case .none: return NSNull()
        case .list(let items): return items.map(rowCell)
        default: return ValueFormatter.text(value)
        }
    }

    /// A table's row as a subtitle cell shows it, `[title, detail]`: a record's own text and
    /// number fields (`ReactiveX/RxSwift`, `24000`) rather than its type, the first the title and
    /// the others the detail line, without its identifiers (`id`, `goalId`), flags and empty
    /// texts, which a cell does not print; a text without quotes, anything else as the timeline
    /// writes it, as the title.
    static func rowCell(_ value: Value) -> [String] {
        switch value {
        case .string(let s): return [s, ""]
        case .record(let r):
            let shown = zip(r.fieldNames, r.fields).compactMap { name, field -> String? in
                if name == "id" || name.hasSuffix("Id") || name.hasSuffix("ID") { return nil }
                switch field {
                case .string(let s): return s.isEmpty ? nil : s
                case .int, .double, .enumCase: return ValueFormatter.text(field).trimmingCharacters(in: CharacterSet(charactersIn: "."))
                default: return nil
                }
            }
            guard let title = shown.first else { return [ValueFormatter.text(value), ""] }
            return [title, shown.dropFirst().joined(separator: " · ")]
        default: return [ValueFormatter.text(value), ""]
        }
    }

    static func json(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
